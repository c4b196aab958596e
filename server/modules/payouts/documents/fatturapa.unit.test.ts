import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { ZInvoiceDocument } from '../../../../shared/payouts/documents';
import { buildFatturaPaXml, formatFatturaAmount, toLatin1 } from './fatturapa';
import { invoiceFor } from './payout-documents.fixtures';

// The official schema (./xsd/README.md) checked by libxml2's xmllint (xmllint-wasm): nobody here wrote either.
const SCHEMA_FILE = 'Schema_del_file_xml_FatturaPA_v1.2.2.xsd';
const DSIG_FILE = 'xmldsig-core-schema.xsd';
const xsd = (name: string) => readFileSync(new URL(`./xsd/${name}`, import.meta.url));

const validate = (xml: string) =>
  validateXML({
    xml: [{ fileName: 'IT07458210155_00012.xml', contents: xml }],
    schema: [{ fileName: SCHEMA_FILE, contents: xsd(SCHEMA_FILE) }],
    preload: [{ fileName: DSIG_FILE, contents: xsd(DSIG_FILE) }],
  });

/** The text of the first `name` element (the documents are built unindented, without attributes on children). */
const valueOf = (xml: string, name: string) => xml.match(new RegExp(`<${name}>([^<]*)</${name}>`))?.[1];

const commissions = [
  { description: 'Provvigioni RC Auto – ottobre 2026 (12 polizze)', amountCents: 62_050 },
  { description: 'Provvigioni altri rami “casa & famiglia” – ottobre 2026', amountCents: 37_950 },
];

describe('FatturaPA XML of a company corner’s invoice', () => {
  it('validates against the official FPR12 schema with zero errors', async () => {
    const xml = buildFatturaPaXml(invoiceFor(commissions));
    const result = await validate(xml);
    expect(result.errors).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('carries the exempt commissions, the 23% withholding on 50%, the bollo virtuale and the net paid to the IBAN', () => {
    const xml = buildFatturaPaXml(invoiceFor(commissions));
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<p:FatturaElettronica xmlns:p="http:\/\/ivaservizi\.agenziaentrate\.gov\.it\/docs\/xsd\/fatture\/v1\.2" /);
    expect(xml).toContain('versione="FPR12"');
    expect(xml).toContain('<IdTrasmittente><IdPaese>IT</IdPaese><IdCodice>07458210155</IdCodice></IdTrasmittente><ProgressivoInvio>00012</ProgressivoInvio>');
    expect(xml).toContain('<CodiceDestinatario>M5UXCR1</CodiceDestinatario>');
    expect(xml).not.toContain('PECDestinatario');
    expect(xml).toContain('<RegimeFiscale>RF01</RegimeFiscale>');
    expect(xml).toContain('<TipoDocumento>TD01</TipoDocumento><Divisa>EUR</Divisa><Data>2026-11-27</Data><Numero>12/2026</Numero>');
    expect(xml).toContain(
      '<DatiRitenuta><TipoRitenuta>RT02</TipoRitenuta><ImportoRitenuta>115.00</ImportoRitenuta><AliquotaRitenuta>23.00</AliquotaRitenuta><CausalePagamento>R</CausalePagamento></DatiRitenuta>',
    );
    expect(xml).toContain('<DatiBollo><BolloVirtuale>SI</BolloVirtuale><ImportoBollo>2.00</ImportoBollo></DatiBollo>');
    expect(valueOf(xml, 'ImportoTotaleDocumento')).toBe('1000.00');
    expect(xml.match(/<DettaglioLinee>/g)).toHaveLength(2);
    expect(xml).toContain('<PrezzoTotale>620.50</PrezzoTotale><AliquotaIVA>0.00</AliquotaIVA><Ritenuta>SI</Ritenuta><Natura>N4</Natura>');
    expect(xml).toContain(
      '<DatiRiepilogo><AliquotaIVA>0.00</AliquotaIVA><Natura>N4</Natura><ImponibileImporto>1000.00</ImponibileImporto><Imposta>0.00</Imposta><RiferimentoNormativo>Esente art. 10 n. 9 DPR 633/1972</RiferimentoNormativo></DatiRiepilogo>',
    );
    expect(xml).toContain(
      '<DatiPagamento><CondizioniPagamento>TP02</CondizioniPagamento><DettaglioPagamento><ModalitaPagamento>MP05</ModalitaPagamento><ImportoPagamento>885.00</ImportoPagamento><IBAN>IT60X0542811101000000123456</IBAN></DettaglioPagamento></DatiPagamento>',
    );
  });

  it('withholds on 20% when the corner uses employees, and drops the bollo at 77,47 €', async () => {
    const withEmployees = buildFatturaPaXml(invoiceFor([{ description: 'Provvigioni', amountCents: 100_000 }], true));
    expect(valueOf(withEmployees, 'ImportoRitenuta')).toBe('46.00');
    expect(valueOf(withEmployees, 'ImportoPagamento')).toBe('954.00');

    const small = buildFatturaPaXml(invoiceFor([{ description: 'Provvigioni', amountCents: 7747 }]));
    expect(small).not.toContain('DatiBollo');
    expect(valueOf(small, 'ImportoPagamento')).toBe('68.56');
    expect((await validate(small)).errors).toEqual([]);
  });

  it('escapes markup and writes Latin-1 only, as the schema requires', async () => {
    const xml = buildFatturaPaXml(invoiceFor([{ description: 'Provvigioni <RC> & "altri rami" – 5 € → ok', amountCents: 10_000 }]));
    expect(valueOf(xml, 'Descrizione')).toBe('Provvigioni &lt;RC&gt; &amp; &quot;altri rami&quot; - 5 E ? ok');
    expect(valueOf(xml, 'Denominazione')).toBe('Agenzia Bianchi &amp; Figli S.r.l.');
    expect(xml).toContain("<Indirizzo>Via dell&apos;Indipendenza 44</Indirizzo>");
    expect((await validate(xml)).errors).toEqual([]);
  });

  it('sends to the PEC when the platform has no codice destinatario', async () => {
    const invoice = invoiceFor(commissions, false, {
      buyer: { ...invoiceFor(commissions).buyer, codiceDestinatario: '0000000', pec: 'fatture@pec.piattaforma.it' },
    });
    const xml = buildFatturaPaXml(invoice);
    expect(xml).toContain('<CodiceDestinatario>0000000</CodiceDestinatario><PECDestinatario>fatture@pec.piattaforma.it</PECDestinatario>');
    expect((await validate(xml)).errors).toEqual([]);
  });

  it('uses RT01 (persone fisiche) for a sole proprietorship, whose codice fiscale is a person’s', async () => {
    const base = invoiceFor(commissions);
    const xml = buildFatturaPaXml(invoiceFor(commissions, false, { seller: { ...base.seller, codiceFiscale: 'RSSMRA85T10A562S' } }));
    expect(valueOf(xml, 'TipoRitenuta')).toBe('RT01');
    expect((await validate(xml)).errors).toEqual([]);
  });

  it('fails validation when a required element is missing or malformed (so the test above would catch a regression)', async () => {
    const xml = buildFatturaPaXml(invoiceFor(commissions));
    const withoutNumber = await validate(xml.replace(/<Numero>[^<]*<\/Numero>/, ''));
    expect(withoutNumber.valid).toBe(false);
    expect(withoutNumber.errors.map((error) => error.message).join('\n')).toMatch(/Numero/);

    const commaAmount = await validate(xml.replace('<ImportoPagamento>885.00</ImportoPagamento>', '<ImportoPagamento>885,00</ImportoPagamento>'));
    expect(commaAmount.valid).toBe(false);

    const badNature = await validate(xml.replace('<Natura>N4</Natura>', '<Natura>N9</Natura>'));
    expect(badNature.valid).toBe(false);
  });
});

describe('invoice input', () => {
  it('refuses a wrong partita IVA, IBAN, codice destinatario, a PEC beside a code, amounts that do not match', () => {
    const input = { ...invoiceFor(commissions) };
    const issuesOf = (value: unknown) => ZInvoiceDocument.safeParse(value).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(issuesOf({ ...input, seller: { ...input.seller, partitaIva: '07458210156' } })).toEqual([['seller.partitaIva', 'Partita IVA non valida.']]);
    expect(issuesOf({ ...input, seller: { ...input.seller, iban: 'IT61X0542811101000000123456' } })?.[0]?.[0]).toBe('seller.iban');
    expect(issuesOf({ ...input, buyer: { ...input.buyer, codiceDestinatario: 'ABC' } })?.[0]?.[0]).toBe('buyer.codiceDestinatario');
    expect(issuesOf({ ...input, buyer: { ...input.buyer, pec: 'fatture@pec.piattaforma.it' } })?.[0]?.[0]).toBe('buyer.pec');
    expect(issuesOf({ ...input, amounts: { ...input.amounts, withholdingCents: 11_501 } })?.[0]).toEqual([
      'amounts',
      'Gli importi non corrispondono al calcolo delle ritenute: ricalcolali.',
    ]);
    expect(issuesOf({ ...input, progressivoInvio: '000123' })?.[0]?.[0]).toBe('progressivoInvio');
  });

  it('defaults the regime to RF01 and the codice destinatario to 0000000', () => {
    const { regimeFiscale: _regime, ...seller } = invoiceFor(commissions).seller;
    const { codiceDestinatario: _code, ...buyer } = invoiceFor(commissions).buyer;
    const parsed = ZInvoiceDocument.parse({ ...invoiceFor(commissions), seller, buyer });
    expect(parsed.seller.regimeFiscale).toBe('RF01');
    expect(parsed.buyer.codiceDestinatario).toBe('0000000');
  });
});

describe('helpers', () => {
  it('writes amounts with a dot and two decimals', () => {
    expect([0, 5, 100, 123_456, -250].map(formatFatturaAmount)).toEqual(['0.00', '0.05', '1.00', '1234.56', '-2.50']);
  });

  it('maps text to Latin-1 character for character', () => {
    expect(toLatin1('L’agenzia “Ōsaka” – più  spazi\n€')).toBe('L\'agenzia "Osaka" - più spazi E');
  });
});
