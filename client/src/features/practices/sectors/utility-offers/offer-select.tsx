import { Select, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useEffect, useMemo } from 'react';
import type { TOfferFitSubject } from '../../../../../../shared/practices/utility-offers';
import { chosenOfferIssue, EMPTY_OFFER, fittingOffers, NO_OFFER_FITS, offerDocsText, offerOption, offerTermsText, toOfferFormValue, type TOfferFormValue } from './offer-text';
import { useUtilityOffers } from './use-utility-offers';

/** The form of either utility request (the select reads and writes only `offer`). */
type TOfferForm = UseFormReturnType<any>;

type TOfferSelectProps = {
  form: TOfferForm;
  sector: 'luce-e-gas' | 'gpl';
  /** The supply the offer must fit (commodity and uses, GPL's supply kind); null while it is not chosen. */
  subject: TOfferFitSubject | null;
};

/**
 * "Offerta": the offers of the admin's catalogue valid today that fit the supply, searchable by supplier and name,
 * each with its terms; the chosen one's documents under it. When the supply changes and the chosen offer no longer
 * fits (or it left the catalogue), it is cleared and the reason shows on the select.
 */
export const OfferSelect = ({ form, sector, subject }: TOfferSelectProps) => {
  const catalogue = useUtilityOffers(sector);
  const offers = useMemo(() => catalogue.data ?? [], [catalogue.data]);
  const fitting = useMemo(() => (subject ? fittingOffers(offers, subject) : []), [offers, subject]);
  const chosen = (form.getValues() as { offer: TOfferFormValue }).offer;
  const chosenOffer = offers.find((offer) => offer.id === chosen.id);
  const subjectKey = subject ? `${subject.commodity}|${subject.electricityUse ?? ''}|${subject.gasUse ?? ''}|${subject.lpgSupplyKind ?? ''}` : '';

  useEffect(() => {
    if (!catalogue.isSuccess || !subject) return;
    const issue = chosenOfferIssue(chosen.id, offers, subject);
    if (!issue) return;
    form.setFieldValue('offer', EMPTY_OFFER);
    // After the form's own check of the changed field, so the reason is what stays on the select.
    queueMicrotask(() => form.setFieldError('offer.id', issue));
    // The chosen offer is checked again when the supply or the catalogue changes, not at each keystroke.
  }, [catalogue.isSuccess, offers, subjectKey, chosen.id]);

  const terms = new Map(offers.map((offer) => [offer.id, offerTermsText(offer)]));
  const noneFits = catalogue.isSuccess && subject !== null && fitting.length === 0;
  const placeholder = catalogue.isPending ? 'Caricamento delle offerte…' : subject ? 'Cerca per fornitore o nome' : 'Scegli prima la fornitura';
  const docs = chosenOffer ? offerDocsText(chosenOffer) : null;
  return (
    <Stack gap={4}>
      <Select
        label="Offerta"
        placeholder={placeholder}
        description={chosenOffer ? terms.get(chosenOffer.id) : 'Dal catalogo dell’amministratore: le offerte valide oggi per questa fornitura.'}
        data={fitting.map(offerOption)}
        value={chosen.id === '' ? null : chosen.id}
        onChange={(id) => {
          const offer = offers.find((entry) => entry.id === id);
          form.setFieldValue('offer', offer ? toOfferFormValue(offer) : EMPTY_OFFER);
        }}
        error={form.errors['offer.id'] ?? (catalogue.isError ? 'Non è stato possibile caricare il catalogo delle offerte: ricarica la pagina.' : undefined)}
        searchable
        withAsterisk
        allowDeselect={false}
        nothingFoundMessage={noneFits ? NO_OFFER_FITS : 'Nessuna offerta trovata.'}
        disabled={catalogue.isPending || !subject}
        renderOption={({ option }) => (
          <Stack gap={0}>
            <Text size="sm">{option.label}</Text>
            <Text size="xs" c="dimmed">
              {terms.get(option.value)}
            </Text>
          </Stack>
        )}
        comboboxProps={{ width: 'target' }}
        maxDropdownHeight={320}
      />
      {noneFits && (
        <Text size="sm" c="dimmed">
          {NO_OFFER_FITS}
        </Text>
      )}
      {docs && (
        <Text size="sm" c="dimmed">
          {docs} Si caricano sulla pratica dopo l’invio.
        </Text>
      )}
    </Stack>
  );
};
