import { addDaysIso } from '../../shared/practices/rca-settings';
import { addMonthsIso } from '../../shared/practices/utility-offers';
import { legacyProductOf, type TLegacySector } from '../../shared/products/legacy-catalogue';

/**
 * Realistic requests for the products of the old catalogue (issue 29: version 1 of each altri rami category and bond
 * kind, shared/products/legacy-catalogue.ts), which the month of activity (demo-activity.ts) spreads over every
 * product: for each, two requests a corner could send — the sector's own fields (the risk and its covers; the
 * beneficiary, the dates and the obligation of a bond) and the answers to that version's questions. The practice's
 * start day is given; the rest is fixed. Beneficiaries' tax codes are those of the real public bodies (the landlords
 * are invented, with valid check digits).
 */

/** A request of a product starting on `startDay`: the sector's fields (without product and answers) and the answers. */
export type TProductRequest = (startDay: string) => { fields: Record<string, unknown>; answers: Record<string, unknown> };

type TAnswersOf = Record<string, unknown> | ((startDay: string) => Record<string, unknown>);

/** An altri rami request: the risk in the corner's words, the sum insured or limit, the covers wanted. */
const risk =
  (description: string, insuredCents: number | null, covers: string[], answers: TAnswersOf, options: { renews?: string; durationYears?: number } = {}): TProductRequest =>
  (startDay) => ({
    fields: {
      description,
      insuredCents,
      startDate: startDay,
      durationYears: options.durationYears ?? 1,
      currentPolicy: options.renews ? { company: options.renews, expiryDate: startDay } : null,
      covers,
      notes: '',
    },
    answers: typeof answers === 'function' ? answers(startDay) : answers,
  });

type TBeneficiary = { name: string; taxCode: string; pec: string };

/** A bond request: the beneficiary, the obligation guaranteed, how many months the guarantee lasts. */
const bond =
  (beneficiary: TBeneficiary, obligation: string, months: number, answers: Record<string, unknown>): TProductRequest =>
  (startDay) => ({ fields: { beneficiary, startDate: startDay, endDate: addMonthsIso(startDay, months), obligation, notes: '' }, answers });

const ALTRI_RAMI: Readonly<Record<string, readonly TProductRequest[]>> = {
  home: [
    risk(
      'Appartamento di proprietà in condominio, abitazione principale: incendio, danni da acqua, furto e RC della famiglia.',
      25_000_000,
      ['Incendio e scoppio', 'Danni da acqua condotta', 'Furto e rapina', 'RC della famiglia'],
      { street: 'Via Antonio Gramsci 14', comune: { name: 'Bologna', province: 'BO' }, squareMetres: 88, constructionYear: 1968, ownership: 'owner' },
      { renews: 'Generali Italia S.p.A.' },
    ),
    risk(
      'Appartamento in affitto: il contenuto, il ricorso dei terzi e la responsabilità civile della famiglia.',
      3_000_000,
      ['Incendio del contenuto', 'Ricorso terzi', 'RC della famiglia'],
      { street: 'Corso Francia 112', comune: { name: 'Torino', province: 'TO' }, squareMetres: 65, constructionYear: 1985, ownership: 'tenant' },
    ),
  ],
  injury: [
    risk(
      'Infortuni professionali ed extraprofessionali di un elettricista lavoratore autonomo: invalidità permanente e diaria da ricovero.',
      20_000_000,
      ['Invalidità permanente', 'Morte', 'Diaria da ricovero'],
      { birthDate: '1981-04-12', occupation: 'Elettricista installatore' },
    ),
    risk(
      'Infortuni nel tempo libero di un’insegnante che pratica sci e trekking in montagna.',
      15_000_000,
      ['Invalidità permanente', 'Rimborso spese mediche da infortunio'],
      { birthDate: '1975-09-30', occupation: 'Insegnante di scuola primaria' },
      { renews: 'Allianz S.p.A.' },
    ),
  ],
  health: [
    risk(
      'Rimborso delle spese per grandi interventi chirurgici e ricoveri, con visite specialistiche.',
      10_000_000,
      ['Grandi interventi chirurgici', 'Ricoveri', 'Visite specialistiche'],
      { birthDate: '1969-02-18', occupation: 'Impiegata amministrativa' },
    ),
    risk(
      'Piano sanitario per un libero professionista: diagnostica, visite specialistiche e cure odontoiatriche.',
      5_000_000,
      ['Diagnostica', 'Visite specialistiche', 'Cure odontoiatriche'],
      { birthDate: '1987-11-05', occupation: 'Architetto libero professionista' },
    ),
  ],
  professionalLiability: [
    risk(
      'RC professionale di un commercialista: errori nelle dichiarazioni fiscali e nella tenuta della contabilità dei clienti.',
      100_000_000,
      ['Colpa grave', 'Retroattività 5 anni', 'Perdite patrimoniali'],
      { profession: 'Dottore commercialista', registerNumber: '1234/A', register: 'Ordine dei Dottori Commercialisti e degli Esperti Contabili di Bologna', turnoverCents: 14_500_000 },
      { renews: 'AXA Assicurazioni S.p.A.' },
    ),
    risk(
      'RC professionale di un geometra per progettazione, direzione lavori e pratiche catastali.',
      50_000_000,
      ['Colpa grave', 'Retroattività 10 anni'],
      { profession: 'Geometra', registerNumber: '4127', register: 'Collegio dei Geometri e Geometri Laureati della Provincia di Torino', turnoverCents: 6_800_000 },
    ),
  ],
  familyLiability: [
    risk(
      'Responsabilità civile della famiglia nella vita privata: danni a terzi causati dai figli, dal cane e dalla casa.',
      100_000_000,
      ['RC della vita privata', 'RC per la proprietà del cane'],
      { familyMembers: 4 },
    ),
    risk(
      'RC del capofamiglia per una coppia con un figlio, compresi i danni causati in bicicletta e in monopattino.',
      50_000_000,
      ['RC della vita privata', 'Uso di biciclette e monopattini'],
      { familyMembers: 3 },
    ),
  ],
  travel: [
    risk(
      'Viaggio di nozze in Giappone: spese mediche, bagaglio e annullamento del viaggio.',
      5_000_000,
      ['Spese mediche', 'Bagaglio', 'Annullamento del viaggio'],
      (startDay) => ({ destination: 'Giappone (Tokyo, Kyoto, Osaka)', departureDate: startDay, returnDate: addDaysIso(startDay, 15), travellers: 2 }),
    ),
    risk(
      'Viaggio di lavoro negli Stati Uniti: spese mediche con massimale alto e assistenza 24 ore su 24.',
      100_000_000,
      ['Spese mediche', 'Assistenza alla persona'],
      (startDay) => ({ destination: 'Stati Uniti (New York)', departureDate: startDay, returnDate: addDaysIso(startDay, 6), travellers: 1 }),
    ),
  ],
  business: [
    risk(
      'Multirischi di un’officina meccanica: incendio, furto delle attrezzature, danni elettrici e RC verso terzi e dipendenti.',
      60_000_000,
      ['Incendio', 'Furto', 'Danni elettrici', 'RC verso terzi e prestatori di lavoro'],
      { activity: 'Officina di riparazione di autoveicoli', turnoverCents: 38_000_000, employees: 5 },
      { renews: 'UnipolSai Assicurazioni S.p.A.' },
    ),
    risk(
      'Multirischi di un’azienda di confezioni: fabbricato, macchinari, merci in magazzino e RC prodotti.',
      120_000_000,
      ['Incendio', 'Eventi atmosferici', 'Furto delle merci', 'RC prodotti'],
      { activity: 'Confezione di abbigliamento per conto terzi', turnoverCents: 95_000_000, employees: 14 },
      { durationYears: 3 },
    ),
  ],
  shop: [
    risk(
      'Ferramenta con duplicazione di chiavi: merci, vetrine, furto e RC verso i clienti.',
      15_000_000,
      ['Incendio del contenuto', 'Furto e rapina', 'Cristalli', 'RC verso terzi'],
      { activity: 'Ferramenta e colori', turnoverCents: 32_000_000, employees: 3 },
    ),
    risk(
      'Bar caffetteria: attrezzature, merci, danni elettrici alla macchina del caffè e RC verso i clienti.',
      8_000_000,
      ['Incendio', 'Danni elettrici', 'Furto', 'RC verso terzi'],
      { activity: 'Bar caffetteria', atecoCode: '56.30.00', turnoverCents: 21_000_000, employees: 4 },
      { renews: 'Reale Mutua di Assicurazioni' },
    ),
  ],
  cyber: [
    risk(
      'Rischi informatici di uno studio dentistico: dati sanitari dei pazienti, ripristino dei sistemi e responsabilità per la privacy.',
      25_000_000,
      ['Ripristino dei dati', 'Responsabilità privacy (GDPR)', 'Estorsione informatica'],
      { itSystems: 'Gestionale dei pazienti in cloud, radiografie digitali, posta elettronica e sito con le prenotazioni online.' },
    ),
    risk(
      'Negozio online di prodotti tipici: attacchi al sito di e-commerce e fermo delle vendite.',
      10_000_000,
      ['Interruzione di attività', 'Ripristino dei dati', 'Responsabilità verso terzi'],
      { itSystems: 'Sito di e-commerce, pagamenti con carta tramite un gateway esterno, gestionale di magazzino.' },
    ),
  ],
  pets: [
    risk(
      'Spese veterinarie per malattia e infortunio e RC del proprietario per un cane di taglia grande.',
      300_000,
      ['Spese veterinarie', 'Interventi chirurgici', 'RC del proprietario'],
      { speciesBreed: 'Cane, labrador retriever' },
    ),
    risk('Spese veterinarie per un gatto di casa, compresi gli interventi chirurgici.', 200_000, ['Spese veterinarie', 'Interventi chirurgici'], { speciesBreed: 'Gatto, europeo' }),
  ],
  legalProtection: [
    risk('Tutela legale per le controversie di lavoro di un dipendente e per la vita privata della famiglia.', 2_000_000, ['Controversie di lavoro', 'Vita privata'], { legalScope: 'employee' }),
    risk('Tutela legale per la circolazione: difesa penale e recupero dei danni dopo un incidente stradale.', 1_500_000, ['Difesa penale', 'Recupero dei danni'], { legalScope: 'motoring' }),
  ],
  other: [
    risk(
      'Ricevimento di nozze all’aperto in agriturismo: responsabilità civile dell’organizzatore e annullamento per maltempo.',
      50_000_000,
      ['RC verso terzi', 'Annullamento per maltempo'],
      { riskDetails: 'Ricevimento per 150 invitati in un agriturismo sulle colline del Chianti, con tensostruttura e catering esterno.' },
    ),
    risk(
      'Strumenti di un violinista professionista: furto, danni accidentali e trasporto, in Italia e all’estero.',
      4_000_000,
      ['Furto', 'Danni accidentali', 'Trasporto'],
      { riskDetails: 'Violino del 1890 di un liutaio cremonese con il suo archetto, valore stimato 35.000 €; concerti in tutta Europa.' },
    ),
  ],
};

const COMUNE_BOLOGNA: TBeneficiary = { name: 'Comune di Bologna', taxCode: '01232710374', pec: 'protocollogenerale@pec.comune.bologna.it' };
const COMUNE_TORINO: TBeneficiary = { name: 'Comune di Torino', taxCode: '00514490010', pec: '' };
const COMUNE_FIRENZE: TBeneficiary = { name: 'Comune di Firenze', taxCode: '01307110484', pec: 'protocollo@pec.comune.fi.it' };
const ROMA_CAPITALE: TBeneficiary = { name: 'Roma Capitale', taxCode: '02438750586', pec: '' };
const COMUNE_NAPOLI: TBeneficiary = { name: 'Comune di Napoli', taxCode: '80014890638', pec: 'protocollo@pec.comune.napoli.it' };
const COMUNE_MILANO: TBeneficiary = { name: 'Comune di Milano', taxCode: '01199250158', pec: '' };
const ENTRATE: TBeneficiary = { name: 'Agenzia delle Entrate', taxCode: '06363391001', pec: '' };
const DOGANE: TBeneficiary = { name: 'Agenzia delle Dogane e dei Monopoli', taxCode: '97210890584', pec: '' };

const FIDEIUSSIONI: Readonly<Record<string, readonly TProductRequest[]>> = {
  tenderProvisional: [
    bond(COMUNE_BOLOGNA, 'Garanzia dell’offerta nella procedura aperta per la riqualificazione energetica di una scuola primaria: copre la mancata stipula per fatto dell’offerente.', 6, {
      cig: 'B4C8D2E7F1',
      tenderObject: 'Lavori di riqualificazione energetica della scuola primaria «Giovanni Pascoli»',
      contractValueCents: 120_000_000,
      guaranteedCents: 2_400_000,
    }),
    bond(COMUNE_TORINO, 'Garanzia dell’offerta nella procedura negoziata per la manutenzione del verde pubblico (2% del valore del lotto).', 6, {
      cig: 'A9E3F50C22',
      tenderObject: 'Servizio di manutenzione del verde pubblico, lotto 3 – Circoscrizione 5',
      contractValueCents: 48_000_000,
      guaranteedCents: 960_000,
    }),
  ],
  tenderFinal: [
    bond(COMUNE_FIRENZE, 'Garanzia definitiva dell’esatta esecuzione del contratto di pulizia degli uffici comunali (10% dell’importo contrattuale).', 24, {
      cig: 'B1A7C3D9E2',
      tenderObject: 'Servizio di pulizia degli uffici comunali per il biennio',
      contractValueCents: 36_000_000,
      guaranteedCents: 3_600_000,
    }),
    bond(ROMA_CAPITALE, 'Garanzia definitiva della fornitura e posa degli arredi delle biblioteche comunali (12%: ribasso d’asta del 12%).', 18, {
      cig: 'C2F8A1B6D3',
      tenderObject: 'Fornitura e posa in opera di arredi per le biblioteche comunali',
      contractValueCents: 21_500_000,
      guaranteedCents: 2_580_000,
    }),
  ],
  advancePayment: [
    bond(COMUNE_NAPOLI, 'Restituzione dell’anticipazione del 20% sul prezzo dei lavori di rifacimento della pavimentazione stradale, se i lavori non vengono eseguiti.', 12, {
      contractValueCents: 85_000_000,
      guaranteedCents: 17_000_000,
      cig: 'D4E2B7A9C1',
    }),
    bond({ name: 'ANAS S.p.A.', taxCode: '80208450587', pec: '' }, 'Restituzione dell’anticipazione sul contratto di manutenzione straordinaria delle barriere di sicurezza stradale.', 12, {
      contractValueCents: 240_000_000,
      guaranteedCents: 48_000_000,
      cig: 'E7C1D5F3A8',
      tenderObject: 'Manutenzione straordinaria delle barriere di sicurezza sulla SS 16 Adriatica',
    }),
  ],
  finalInstalment: [
    bond(COMUNE_MILANO, 'Svincolo della rata di saldo dei lavori di manutenzione straordinaria della palestra comunale, prima del certificato di collaudo.', 24, {
      contractValueCents: 64_000_000,
      guaranteedCents: 3_200_000,
    }),
    bond(COMUNE_TORINO, 'Svincolo della rata di saldo della fornitura di arredi scolastici, prima della verifica di conformità.', 12, { contractValueCents: 18_000_000, guaranteedCents: 900_000 }),
  ],
  customs: [
    bond(DOGANE, 'Pagamento differito di trenta giorni dei dazi e dell’IVA all’importazione delle merci sdoganate nel porto di Napoli.', 12, { guaranteedCents: 15_000_000 }),
    bond(DOGANE, 'Diritti sospesi sulle merci in deposito doganale in attesa di riesportazione, nel magazzino di Livorno.', 12, { guaranteedCents: 8_000_000 }),
  ],
  rent: [
    bond(
      { name: 'Maria Rossi', taxCode: 'RSSMRA57C48A944K', pec: '' },
      'Garanzia al posto del deposito cauzionale della locazione abitativa 4+4 dell’appartamento di via Saragozza 41, Bologna (tre mensilità).',
      48,
      { guaranteedCents: 330_000 },
    ),
    bond(
      { name: 'Immobiliare San Carlo S.r.l.', taxCode: '04812360156', pec: '' },
      'Garanzia dei canoni della locazione commerciale del negozio di corso Buenos Aires 27, Milano (sei mensilità).',
      72,
      { guaranteedCents: 2_700_000, contractValueCents: 32_400_000 },
    ),
  ],
  vatRefund: [
    bond(ENTRATE, 'Rimborso del credito IVA dell’anno d’imposta chiesto con la dichiarazione annuale (art. 38-bis del D.P.R. 633/1972): tre anni dal rimborso.', 36, { guaranteedCents: 4_850_000 }),
    bond(ENTRATE, 'Rimborso infrannuale del credito IVA del trimestre, per un esportatore abituale (art. 38-bis del D.P.R. 633/1972).', 36, { guaranteedCents: 1_920_000 }),
  ],
  taxRefund: [
    bond(ENTRATE, 'Rimborso del credito IRES risultante dalla dichiarazione dei redditi, chiesto prima della verifica dell’ufficio.', 36, { guaranteedCents: 2_600_000 }),
    bond(DOGANE, 'Rimborso delle accise sul gasolio commerciale di un’impresa di autotrasporto.', 24, { guaranteedCents: 1_150_000 }),
  ],
  urbanisation: [
    bond({ name: 'Comune di Bergamo', taxCode: '80034840167', pec: '' }, 'Pagamento rateale degli oneri di urbanizzazione e del costo di costruzione del permesso di costruire di una villetta bifamiliare.', 24, {
      guaranteedCents: 4_200_000,
      contractValueCents: 6_300_000,
    }),
    bond({ name: 'Comune di Verona', taxCode: '00215150236', pec: '' }, 'Oneri di urbanizzazione dell’ampliamento di un capannone artigianale, in quattro rate semestrali.', 24, { guaranteedCents: 7_800_000 }),
  ],
  other: [
    bond(
      { name: 'Ministero dell’Ambiente e della Sicurezza Energetica', taxCode: '97047140583', pec: '' },
      'Garanzia per l’iscrizione all’Albo nazionale gestori ambientali, categoria 4 (trasporto di rifiuti speciali non pericolosi).',
      60,
      { guaranteedCents: 5_164_569 },
    ),
    bond({ name: 'Regione Lombardia', taxCode: '80050050154', pec: '' }, 'Restituzione dell’anticipo del contributo regionale per un corso di formazione professionale finanziato.', 18, {
      guaranteedCents: 6_000_000,
    }),
  ],
};

const byProduct = (sector: TLegacySector, requests: Readonly<Record<string, readonly TProductRequest[]>>) =>
  Object.entries(requests).map(([code, list]): [string, readonly TProductRequest[]] => {
    const product = legacyProductOf(sector, code);
    if (!product) throw new Error(`Dati dimostrativi: il catalogo precedente non ha il prodotto ${code} (${sector}).`);
    return [product.id, list];
  });

/** The requests of each product of the old catalogue, by product id (they answer its version 1). */
export const LEGACY_PRODUCT_REQUESTS: ReadonlyMap<string, readonly TProductRequest[]> = new Map([...byProduct('altri-rami', ALTRI_RAMI), ...byProduct('fideiussioni', FIDEIUSSIONI)]);
