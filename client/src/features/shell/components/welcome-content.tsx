import { Anchor, Badge, Group, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { PATHS } from '../../../lib/paths';

const TIERS = [
  { name: 'Bronze', color: 'orange', text: 'Solo multiutility: luce e gas, GPL, WiFi-VoIP e noleggi.' },
  {
    name: 'Silver',
    color: 'gray',
    text: 'Assicurazioni, con l’iscrizione al Registro unico degli intermediari (RUI). Guadagni solo da RC Auto, altri rami e fideiussioni.',
  },
  { name: 'Gold', color: 'yellow', text: 'Tutti i settori.' },
] as const;

/** The tiers and the rules of spec section 1, as the welcome dialog tells them. */
export const WelcomeContent = ({ supportEmail }: { supportEmail: string | null }) => (
  <Stack gap="md">
    <Text>Il tuo livello dipende dai settori abilitati sul tuo profilo.</Text>
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
      {TIERS.map((tier) => (
        <Paper key={tier.name} withBorder radius="md" p="sm">
          <Group gap={6} mb={6}>
            <Badge color={tier.color} variant="light">
              {tier.name}
            </Badge>
            <Badge color={tier.color} variant="outline">
              Corner {tier.name}
            </Badge>
          </Group>
          <Text size="sm">{tier.text}</Text>
        </Paper>
      ))}
    </SimpleGrid>
    <Text size="sm" c="dimmed">
      I livelli Bronze, Silver e Gold valgono per le persone; per le aziende sono gli stessi e si chiamano Corner Bronze, Corner Silver e
      Corner Gold.
    </Text>
    <Title order={3} fz="md">
      Come si lavora
    </Title>
    <List spacing="xs" size="sm">
      <List.Item>Preventivi e comparazioni sono disponibili da subito.</List.Item>
      <List.Item>
        Per prenotare devi abilitare profilo e settori firmando il contratto con una password temporanea (OTP) nella sezione{' '}
        <Anchor component={Link} to={PATHS.documents} size="sm">
          Documenti
        </Anchor>
        . Solo dopo la firma si può procedere con l’emissione o l’attivazione.
      </List.Item>
      <List.Item>
        L’incasso è automatico: con gift card o ricevuta per le persone, con fattura commerciale per le aziende.
      </List.Item>
    </List>
    <Text size="sm">
      Non sei ancora iscritto al registro degli intermediari? Scrivici in chat
      {supportEmail ? (
        <>
          {' o all’indirizzo '}
          <Anchor href={`mailto:${supportEmail}`} size="sm">
            {supportEmail}
          </Anchor>
        </>
      ) : null}
      : ti aiutiamo noi.
    </Text>
  </Stack>
);
