import { Alert, Anchor, Badge } from '@mantine/core';
import { Link } from 'react-router';
import type { TPaymentStatus } from '../../../../../shared/constants';
import type { TPractice } from '../../../../../shared/schemas/practices';
import { clientPath, PATHS } from '../../../lib/paths';
import { formatCents } from '../../../lib/format';
import { practicePath } from '../paths';
import { DetailField, DetailSection } from './detail-field';
import { formatDateTime, formatIsoDay, policyStanding } from './practice-format';
import { isUtilityPractice, supplyDates } from './practice-ledger';

const PAYMENT_LABELS: Record<TPaymentStatus, { label: string; color: string }> = {
  notPaied: { label: 'Da pagare', color: 'orange' },
  pending: { label: 'In attesa di conferma', color: 'blue' },
  paied: { label: 'Pagato', color: 'teal' },
};

/**
 * Who the practice is for and who works it, when it moved; the policy, the payment, the commission once there; a
 * utility's supply dates (its commission has its own card, practice-ledger-panel.tsx).
 */
export const PracticeOverview = ({ practice, canSeePayments }: { practice: TPractice; canSeePayments: boolean }) => {
  const standing = practice.policy ? policyStanding(practice.policy) : null;
  const isUtility = isUtilityPractice(practice.sector);
  // A utility's commission has its own card; here it would sit under "Polizza e pagamento" with neither.
  const commissionCents = isUtility ? null : practice.commissionCents;
  const dates = isUtility ? supplyDates(practice) : [];
  return (
    <>
      {practice.outcomeReason && (
        <Alert color="orange" variant="light" title="Motivo indicato" role="note">
          <span style={{ whiteSpace: 'pre-line' }}>{practice.outcomeReason}</span>
        </Alert>
      )}
      <DetailSection title="Pratica" titleId="practice-overview">
        <DetailField label="Cliente">
          <Anchor component={Link} to={clientPath(practice.clientId)} size="sm">
            {practice.clientName || 'Scheda del cliente'}
          </Anchor>
        </DetailField>
        <DetailField label="Corner">{practice.cornerName}</DetailField>
        <DetailField label="In carico a">{practice.brokerName ?? 'Nessun broker'}</DetailField>
        <DetailField label="Aperta il">{formatDateTime(practice.createdAt)}</DetailField>
        <DetailField label="Ultimo cambio di stato">{formatDateTime(practice.stateChangedAt)}</DetailField>
        <DetailField label="Ultima modifica">{formatDateTime(practice.updatedAt)}</DetailField>
        {practice.renewalOfId && (
          <DetailField label="Rinnovo della pratica">
            <Anchor component={Link} to={practicePath(practice.sector, practice.renewalOfId)} size="sm">
              Pratica precedente
            </Anchor>
          </DetailField>
        )}
        {practice.renewedById && (
          <DetailField label="Rinnovata con">
            <Anchor component={Link} to={practicePath(practice.sector, practice.renewedById)} size="sm">
              Pratica di rinnovo
            </Anchor>
          </DetailField>
        )}
      </DetailSection>
      {dates.length > 0 && (
        <DetailSection title="Date della fornitura" titleId="practice-supply-dates">
          {dates.map((date) => (
            <DetailField key={date.label} label={date.label}>
              {date.value}
            </DetailField>
          ))}
        </DetailSection>
      )}
      {(practice.policy || practice.payment || commissionCents !== null) && (
        <DetailSection title="Polizza e pagamento" titleId="practice-policy">
          {practice.policy && standing && (
            <>
              <DetailField label="Numero di polizza">{practice.policy.number}</DetailField>
              <DetailField label="Decorrenza">{formatIsoDay(practice.policy.effectiveDate)}</DetailField>
              <DetailField label="Scadenza">{formatIsoDay(practice.policy.expiryDate)}</DetailField>
              <DetailField label="Copertura fino al (tolleranza)">{formatIsoDay(practice.policy.graceUntil)}</DetailField>
              <DetailField label="Situazione">
                <Badge variant="light" color={standing.color} style={{ textTransform: 'none' }}>
                  {standing.label}
                </Badge>
              </DetailField>
            </>
          )}
          {practice.payment && (
            <DetailField label="Pagamento">
              {formatCents(practice.payment.amountCents)}{' '}
              <Badge variant="light" color={PAYMENT_LABELS[practice.payment.status].color} style={{ textTransform: 'none' }}>
                {PAYMENT_LABELS[practice.payment.status].label}
              </Badge>{' '}
              {canSeePayments && (
                <Anchor component={Link} to={PATHS.payments} size="sm">
                  Vai ai pagamenti
                </Anchor>
              )}
            </DetailField>
          )}
          {commissionCents !== null && <DetailField label="Provvigione">{formatCents(commissionCents)}</DetailField>}
        </DetailSection>
      )}
    </>
  );
};
