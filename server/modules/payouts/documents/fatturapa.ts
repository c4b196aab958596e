import type { TDocumentAddress, TInvoiceDocument } from '../../../../shared/payouts/documents';
import { INVOICE_WITHHOLDING_PERCENT, PAYOUT_TAX_MSG } from '../../../../shared/payouts/tax';
import { isValidPersonalCf } from '../../../../shared/validation/codice-fiscale';

/**
 * The invoice a company corner issues to the platform for its commissions, as a FatturaPA XML (FPR12, schema
 * v1.2.2 in ./xsd): commissions on insurance are VAT-exempt (art. 10 n. 9 DPR 633/1972, Natura N4), the platform
 * withholds 23% of 50% (or 20%) of them (art. 25-bis DPR 600/1973, DatiRitenuta), the bollo virtuale is declared
 * above 77,47 € and paid by the issuer, the net is paid by bank transfer to the corner's IBAN.
 */

export const FATTURAPA_NAMESPACE = 'http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2';

/**
 * CausalePagamento of the withholding, as in the Certificazione Unica: R = commissions of an agent who is not a
 * single-firm agent (plurimandatario); the corners place policies of several companies.
 */
export const WITHHOLDING_CAUSALE = 'R';

const escapeXml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[char]!);

const LATIN1_LOOKALIKES: Record<string, string> = { '‘': "'", '’': "'", '‚': "'", '“': '"', '”': '"', '„': '"', '–': '-', '—': '-', '€': 'E', '•': '-' };

/**
 * The schema's text types accept Basic Latin and Latin-1 only (typographic quotes, the euro sign and other
 * characters are refused by the SdI): each other character becomes a look-alike, its unaccented letter, or '?'.
 * One character for one, so the lengths the schemas checked still hold; blanks collapse (normalizedString).
 */
export const toLatin1 = (value: string): string =>
  [...value.replace(/\s+/g, ' ').trim()]
    .map((char) => {
      if (char.codePointAt(0)! <= 0xff) return char;
      if (LATIN1_LOOKALIKES[char]) return LATIN1_LOOKALIKES[char];
      const plain = char.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
      return plain.length === 1 && plain.codePointAt(0)! <= 0xff ? plain : '?';
    })
    .join('');

/** A text element, escaped and in Latin-1. */
const el = (name: string, value: string) => `<${name}>${escapeXml(toLatin1(value))}</${name}>`;
/** An element holding other elements. */
const group = (name: string, children: (string | false)[]) => `<${name}>${children.filter(Boolean).join('')}</${name}>`;

/** Cents as the schema's Amount2Decimal: 1234,5 € → "1234.50". */
export const formatFatturaAmount = (cents: number): string => {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};

const sede = (address: TDocumentAddress) =>
  group('Sede', [el('Indirizzo', address.street), el('CAP', address.cap), el('Comune', address.comune), el('Provincia', address.provincia), el('Nazione', 'IT')]);

const idFiscaleIva = (partitaIva: string) => group('IdFiscaleIVA', [el('IdPaese', 'IT'), el('IdCodice', partitaIva)]);

/**
 * RT02 (persone giuridiche) for a company; RT01 (persone fisiche) for a sole proprietorship, whose codice fiscale
 * is a person's.
 */
const withholdingType = (sellerCf: string) => (isValidPersonalCf(sellerCf) ? 'RT01' : 'RT02');

/** The FatturaPA XML (UTF-8, no signature) of an invoice. Parse the input with `ZInvoiceDocument` first. */
export const buildFatturaPaXml = (invoice: TInvoiceDocument): string => {
  const { seller, buyer, amounts } = invoice;
  const pec = buyer.codiceDestinatario === '0000000' && buyer.pec ? buyer.pec : '';

  const header = group('FatturaElettronicaHeader', [
    group('DatiTrasmissione', [
      group('IdTrasmittente', [el('IdPaese', 'IT'), el('IdCodice', seller.partitaIva)]),
      el('ProgressivoInvio', invoice.progressivoInvio),
      el('FormatoTrasmissione', 'FPR12'),
      el('CodiceDestinatario', buyer.codiceDestinatario),
      pec !== '' && el('PECDestinatario', pec),
    ]),
    group('CedentePrestatore', [
      group('DatiAnagrafici', [
        idFiscaleIva(seller.partitaIva),
        el('CodiceFiscale', seller.codiceFiscale),
        group('Anagrafica', [el('Denominazione', seller.denominazione)]),
        el('RegimeFiscale', seller.regimeFiscale),
      ]),
      sede(seller.address),
    ]),
    group('CessionarioCommittente', [
      group('DatiAnagrafici', [idFiscaleIva(buyer.partitaIva), el('CodiceFiscale', buyer.codiceFiscale), group('Anagrafica', [el('Denominazione', buyer.denominazione)])]),
      sede(buyer.address),
    ]),
  ]);

  const datiGeneraliDocumento = group('DatiGeneraliDocumento', [
    el('TipoDocumento', 'TD01'),
    el('Divisa', 'EUR'),
    el('Data', invoice.issueDate),
    el('Numero', invoice.number),
    amounts.withholdingCents > 0 &&
      group('DatiRitenuta', [
        el('TipoRitenuta', withholdingType(seller.codiceFiscale)),
        el('ImportoRitenuta', formatFatturaAmount(amounts.withholdingCents)),
        el('AliquotaRitenuta', `${INVOICE_WITHHOLDING_PERCENT}.00`),
        el('CausalePagamento', WITHHOLDING_CAUSALE),
      ]),
    amounts.stampCents > 0 && group('DatiBollo', [el('BolloVirtuale', 'SI'), el('ImportoBollo', formatFatturaAmount(amounts.stampCents))]),
    el('ImportoTotaleDocumento', formatFatturaAmount(amounts.grossCents)),
  ]);

  const withheld = amounts.withholdingCents > 0;
  const lines = invoice.lines.map((line, index) =>
    group('DettaglioLinee', [
      el('NumeroLinea', String(index + 1)),
      el('Descrizione', line.description),
      el('PrezzoUnitario', formatFatturaAmount(line.amountCents)),
      el('PrezzoTotale', formatFatturaAmount(line.amountCents)),
      el('AliquotaIVA', '0.00'),
      withheld && el('Ritenuta', 'SI'),
      el('Natura', 'N4'),
    ]),
  );
  const riepilogo = group('DatiRiepilogo', [
    el('AliquotaIVA', '0.00'),
    el('Natura', 'N4'),
    el('ImponibileImporto', formatFatturaAmount(amounts.grossCents)),
    el('Imposta', '0.00'),
    el('RiferimentoNormativo', PAYOUT_TAX_MSG.invoiceVatNote),
  ]);

  const pagamento = group('DatiPagamento', [
    el('CondizioniPagamento', 'TP02'),
    group('DettaglioPagamento', [el('ModalitaPagamento', 'MP05'), el('ImportoPagamento', formatFatturaAmount(amounts.netCents)), el('IBAN', seller.iban)]),
  ]);

  const body = group('FatturaElettronicaBody', [group('DatiGenerali', [datiGeneraliDocumento]), group('DatiBeniServizi', [...lines, riepilogo]), pagamento]);

  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<p:FatturaElettronica xmlns:p="${FATTURAPA_NAMESPACE}" xmlns:ds="http://www.w3.org/2000/09/xmldsig#" ` +
    `xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" versione="FPR12">` +
    header +
    body +
    '</p:FatturaElettronica>\n'
  );
};
