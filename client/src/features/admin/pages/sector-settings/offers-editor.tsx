import { Accordion, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { CUSTOMER_KINDS, OFFER_COMMODITIES, offerLabel, PRICE_KINDS, type TUtilityOfferEntry } from '../../../../../../shared/practices/utility-offers';
import { useConfirm } from '../../../../components/dialog/use-confirm';
import { toDateString } from '../../../../components/inputs/parse-italian-date';
import { formatCents } from '../../../../lib/format';
import { editOffer, isSavedOffer, newOffer, offerFieldPaths, openAfterRemove, type TOffersCatalogue } from './offers-draft';
import { OffersFields } from './offers-fields';

type TOffersEditorProps = {
  catalogue: TOffersCatalogue;
  offers: TUtilityOfferEntry[];
  /** The codes of the saved catalogue (those offers keep their code). */
  savedIds: readonly string[];
  onChange: (offers: TUtilityOfferEntry[]) => void;
  /** The message on a field, by its path inside the catalogue ('offers.0.supplier', 'offers' for the list). */
  errorAt: (path: string) => string | undefined;
  disabled: boolean;
};

/** What a closed row tells of its offer: supply, customer, price and commission. */
const offerSummary = (offer: TUtilityOfferEntry): string =>
  [
    OFFER_COMMODITIES[offer.commodity],
    CUSTOMER_KINDS[offer.customerKind],
    PRICE_KINDS[offer.priceKind],
    Number.isFinite(offer.commissionCents) ? `provvigione ${formatCents(offer.commissionCents)}` : null,
  ]
    .filter(Boolean)
    .join(' · ');

/**
 * The offers of a catalogue as rows that open on their fields: add one (opened at once), edit, remove after a
 * confirmation. A row with a problem says so while closed and stays open until it is corrected.
 */
export const OffersEditor = ({ catalogue, offers, savedIds, onChange, errorAt, disabled }: TOffersEditorProps) => {
  const { confirm, dialog } = useConfirm();
  const [open, setOpen] = useState<number[]>([]);
  const errorIn = (index: number) => (path: string) => errorAt(path === '' ? `offers.${index}` : `offers.${index}.${path}`);
  const hasIssue = (offer: TUtilityOfferEntry, index: number) => offerFieldPaths(offer).some((path) => errorIn(index)(path) !== undefined);
  const withIssues = offers.flatMap((offer, index) => (hasIssue(offer, index) ? [index] : []));
  const shownOpen = [...new Set([...open, ...withIssues])].map(String);
  const listError = errorAt('offers') ?? errorAt('');

  const add = () => {
    onChange([...offers, newOffer(catalogue, offers, toDateString(new Date()))]);
    setOpen((current) => [...current, offers.length]);
  };

  const remove = async (index: number) => {
    const offer = offers[index];
    if (!offer) return;
    const isBlank = offer.supplier.trim() === '' && offer.name.trim() === '';
    // A row just added and still empty goes without asking.
    if (!isBlank || isSavedOffer(offers, index, savedIds)) {
      const isConfirmed = await confirm({
        title: 'Rimuovere l’offerta?',
        message: `L’offerta «${offerLabel(offer) || offer.id}» sarà tolta dal catalogo quando salvi: i corner non potranno più sceglierla, le attivazioni già inviate mantengono le condizioni con cui sono state inviate.`,
        confirmLabel: 'Rimuovi',
        isDestructive: true,
      });
      if (!isConfirmed) return;
    }
    onChange(offers.filter((_, at) => at !== index));
    setOpen((current) => openAfterRemove(current, index));
  };

  return (
    <Stack gap="sm">
      {offers.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nessuna offerta nel catalogo: i corner non possono scegliere un’offerta finché non ne aggiungi una.
        </Text>
      ) : (
        <Accordion multiple variant="separated" radius="md" value={shownOpen} onChange={(value) => setOpen(value.map(Number))}>
          {offers.map((offer, index) => {
            const isSaved = isSavedOffer(offers, index, savedIds);
            const offerError = errorIn(index)('');
            return (
              <Accordion.Item key={index} value={String(index)}>
                <Accordion.Control>
                  <Group gap="xs" wrap="wrap" justify="space-between" pr="xs">
                    <Stack gap={0} style={{ minWidth: 0 }}>
                      <Text fw={600} size="sm">
                        {offerLabel(offer) || 'Nuova offerta'}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {offerSummary(offer)}
                      </Text>
                    </Stack>
                    <Group gap={6}>
                      {!isSaved && (
                        <Badge variant="light" color="blue">
                          Nuova
                        </Badge>
                      )}
                      {withIssues.includes(index) && (
                        <Badge variant="light" color="red">
                          Da correggere
                        </Badge>
                      )}
                    </Group>
                  </Group>
                </Accordion.Control>
                <Accordion.Panel>
                  <Stack gap="md">
                    <OffersFields
                      catalogue={catalogue}
                      offer={offer}
                      isSaved={isSaved}
                      onChange={(change) => onChange(editOffer(offers, index, change, savedIds))}
                      errorAt={errorIn(index)}
                      disabled={disabled}
                    />
                    {offerError && (
                      <Text size="sm" c="red">
                        {offerError}
                      </Text>
                    )}
                    <Group justify="flex-end">
                      <Button variant="subtle" color="red" onClick={() => void remove(index)} disabled={disabled} aria-label={`Rimuovi l’offerta ${offerLabel(offer) || offer.id}`}>
                        Rimuovi offerta
                      </Button>
                    </Group>
                  </Stack>
                </Accordion.Panel>
              </Accordion.Item>
            );
          })}
        </Accordion>
      )}
      {listError && (
        <Text size="sm" c="red">
          {listError}
        </Text>
      )}
      <Group>
        <Button variant="light" onClick={add} disabled={disabled}>
          Aggiungi offerta
        </Button>
      </Group>
      {dialog}
    </Stack>
  );
};
