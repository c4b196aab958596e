import { Anchor, List, Table, Text } from '@mantine/core';
import { CONTROLLER } from './controller';
import { PrivacySection } from './privacy-section';

const PURPOSES: Array<{ purpose: string; basis: string }> = [
  {
    purpose: 'Registrazione, gestione dell’account e accesso all’area riservata',
    basis: 'Esecuzione del contratto e di misure precontrattuali (art. 6.1.b GDPR)',
  },
  {
    purpose: 'Gestione di preventivi e pratiche (RC Auto, altri rami, fideiussioni, luce e gas, GPL), documenti, chat e firma del contratto',
    basis: 'Esecuzione del contratto (art. 6.1.b GDPR)',
  },
  {
    purpose: 'Calcolo e pagamento delle provvigioni, fatturazione, gift card e adempimenti contabili e fiscali',
    basis: 'Obbligo di legge (art. 6.1.c GDPR) ed esecuzione del contratto',
  },
  {
    purpose: 'Adempimenti previsti dalla normativa assicurativa (Codice delle Assicurazioni Private, regolamenti IVASS) e antiriciclaggio',
    basis: 'Obbligo di legge (art. 6.1.c GDPR)',
  },
  {
    purpose: 'Notifiche di servizio via email e all’interno del portale',
    basis: 'Esecuzione del contratto (art. 6.1.b GDPR)',
  },
  {
    purpose: 'Notifiche push sul browser',
    basis: 'Consenso, espresso abilitandole e revocabile in ogni momento (art. 6.1.a GDPR)',
  },
  {
    purpose: 'Sicurezza della piattaforma, prevenzione di abusi e frodi, registro delle operazioni svolte dallo staff per conto degli utenti',
    basis: 'Legittimo interesse del Titolare (art. 6.1.f GDPR)',
  },
  {
    purpose: 'Accertamento, esercizio o difesa di un diritto in sede giudiziaria',
    basis: 'Legittimo interesse del Titolare (art. 6.1.f GDPR)',
  },
];

const controllerContact = CONTROLLER.email ? (
  <>
    scrivendo a <Anchor href={`mailto:${CONTROLLER.email}`}>{CONTROLLER.email}</Anchor>
  </>
) : (
  'tramite la chat con lo staff disponibile nel portale'
);

export const ControllerSection = () => (
  <PrivacySection number={1} title="Titolare del trattamento">
    <Text>
      Titolare del trattamento è {CONTROLLER.name || 'la società che gestisce la Piattaforma Intermediari'}
      {CONTROLLER.address && `, con sede in ${CONTROLLER.address}`}
      {CONTROLLER.vat && ` (P. IVA ${CONTROLLER.vat})`} (di seguito «Titolare»). Puoi contattare il Titolare per qualsiasi
      questione relativa ai tuoi dati personali {controllerContact}.
    </Text>
    {CONTROLLER.dpoEmail && (
      <Text>
        Il Responsabile della protezione dei dati (DPO) è raggiungibile all’indirizzo{' '}
        <Anchor href={`mailto:${CONTROLLER.dpoEmail}`}>{CONTROLLER.dpoEmail}</Anchor>.
      </Text>
    )}
  </PrivacySection>
);

export const DataSection = () => (
  <PrivacySection number={2} title="Quali dati trattiamo">
    <List spacing={6}>
      <List.Item>
        <b>Dati dell’account</b>: nome, cognome, ragione sociale, partita IVA, codice fiscale, regime fiscale, email,
        telefono, immagine del profilo e password (conservata solo in forma cifrata con funzione di hash).
      </List.Item>
      <List.Item>
        <b>Dati di lavoro</b>: pratiche, preventivi, documenti caricati, messaggi in chat, pagamenti, provvigioni e
        gift card.
      </List.Item>
      <List.Item>
        <b>Dati dei clienti</b> inseriti dagli intermediari per gestire le loro pratiche. Per questi dati l’intermediario è
        titolare del trattamento e il Titolare del portale agisce come responsabile ai sensi dell’art. 28 GDPR.
      </List.Item>
      <List.Item>
        <b>Dati tecnici</b>: indirizzo IP, data e ora degli accessi, tipo di browser e registri di sicurezza.
      </List.Item>
    </List>
  </PrivacySection>
);

export const PurposesSection = () => (
  <PrivacySection number={3} title="Finalità e base giuridica">
    <Table.ScrollContainer minWidth={520}>
      <Table withTableBorder verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Finalità</Table.Th>
            <Table.Th>Base giuridica</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {PURPOSES.map(({ purpose, basis }) => (
            <Table.Tr key={purpose}>
              <Table.Td>{purpose}</Table.Td>
              <Table.Td>{basis}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
    <Text>
      Il conferimento dei dati contrassegnati come obbligatori è necessario per registrarsi e usare il portale: senza
      di essi non è possibile creare l’account né gestire le pratiche. Non prendiamo decisioni basate unicamente su
      trattamenti automatizzati e non usiamo i dati per profilazione commerciale.
    </Text>
  </PrivacySection>
);
