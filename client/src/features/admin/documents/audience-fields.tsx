import { Checkbox, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { ROLES, type TRole } from '../../../../../shared/constants';
import type { TDocAudience } from '../../../../../shared/schemas/contract';
import { ROLE_LABELS } from '../../../lib/labels';
import type { TAudienceValue } from './admin-documents-api';
import { AUDIENCE_OPTIONS } from './audience';
import { UserSearch } from './user-search';

type TAudienceFieldsProps = {
  value: TAudienceValue;
  onChange: (value: TAudienceValue) => void;
  initialUsers?: readonly { id: string; name: string; email: string }[];
  error?: string | null;
};

/** Who sees a document: everyone, some roles, some users (searched), or the admins only. */
export const AudienceFields = ({ value, onChange, initialUsers, error }: TAudienceFieldsProps) => (
  <Stack gap="xs">
    <Text size="sm" fw={500} id="audience-label">
      Destinatari
    </Text>
    <SegmentedControl
      aria-labelledby="audience-label"
      data={AUDIENCE_OPTIONS}
      value={value.audience}
      onChange={(audience) => onChange({ ...value, audience: audience as TDocAudience })}
      fullWidth
      orientation="horizontal"
      styles={{ label: { whiteSpace: 'normal', lineHeight: 1.2 } }}
    />
    {value.audience === 'roles' && (
      <Checkbox.Group label="Ruoli" value={value.roles} onChange={(roles) => onChange({ ...value, roles: roles as TRole[] })} error={error}>
        <Group gap="md" mt={4}>
          {ROLES.map((role) => (
            <Checkbox key={role} value={role} label={ROLE_LABELS[role]} />
          ))}
        </Group>
      </Checkbox.Group>
    )}
    {value.audience === 'users' && <UserSearch value={value.userIds} onChange={(userIds) => onChange({ ...value, userIds })} initialUsers={initialUsers} error={error} />}
    {value.audience === 'none' && (
      <Text size="xs" c="dimmed">
        Il documento resta visibile solo agli amministratori (per esempio un modello di contratto, usato per generare il contratto di ogni corner).
      </Text>
    )}
  </Stack>
);
