import { Anchor, List, Text } from '@mantine/core';
import { prepositionBefore } from '../../lib/italian';
import { CONTROLLER } from './controller';
import { PrivacySection } from './privacy-section';

export const RecipientsSection = () => (
  <PrivacySection number={4} title="A chi comunichiamo i dati">
    <Text>I dati sono trattati da personale autorizzato del Titolare e, per quanto necessario alle finalità indicate, da:</Text>
    <List spacing={6}>
      <List.Item>broker, compagnie assicurative, agenzie e fornitori di energia e GPL coinvolti nelle tue pratiche;</List.Item>
      <List.Item>
        fornitori di servizi informatici (hosting, posta elettronica, notifiche), nominati responsabili del trattamento
        ai sensi dell’art. 28 GDPR;
      </List.Item>
      <List.Item>consulenti fiscali e legali, istituti di pagamento ed emittenti di gift card;</List.Item>
      <List.Item>autorità pubbliche e di vigilanza (tra cui IVASS), quando previsto dalla legge.</List.Item>
    </List>
    <Text>
      I dati non sono diffusi. Sono trattati all’interno dello Spazio economico europeo; se un fornitore dovesse
      trattarli al di fuori, il trasferimento avverrà solo con le garanzie degli artt. 44-49 GDPR (ad esempio decisioni
      di adeguatezza o clausole contrattuali standard).
    </Text>
  </PrivacySection>
);

export const RetentionSection = () => (
  <PrivacySection number={5} title="Per quanto tempo conserviamo i dati">
    <List spacing={6}>
      <List.Item>
        Dati dell’account, pratiche e documenti: per tutta la durata del rapporto e, dopo la sua cessazione, per 10 anni
        per gli obblighi civilistici e fiscali (art. 2220 c.c.) e per la tutela dei diritti.
      </List.Item>
      <List.Item>Registrazioni non confermate: cancellate entro 30 giorni dalla richiesta.</List.Item>
      <List.Item>Registri tecnici e di sicurezza: fino a 12 mesi, salvo necessità di accertare un illecito.</List.Item>
      <List.Item>Link di conferma e di recupero della password: validi per un tempo limitato, poi inutilizzabili.</List.Item>
    </List>
    <Text>
      Il portale usa solo cookie tecnici, necessari per mantenere la sessione di accesso: non usa cookie di profilazione
      né strumenti di tracciamento di terze parti.
    </Text>
  </PrivacySection>
);

export const SecuritySection = () => (
  <PrivacySection number={6} title="Come proteggiamo i dati">
    <Text>
      Le comunicazioni sono cifrate, le password sono conservate solo con funzioni di hash, l’accesso ai dati è
      limitato in base al ruolo e ogni intermediario vede soltanto i propri clienti e le proprie pratiche. Le operazioni
      svolte dallo staff per conto di un utente sono registrate.
    </Text>
  </PrivacySection>
);

export const RightsSection = () => (
  <PrivacySection number={7} title="I tuoi diritti">
    <Text>In qualsiasi momento puoi chiedere al Titolare, ai sensi degli artt. 15-22 GDPR:</Text>
    <List spacing={6}>
      <List.Item>l’accesso ai tuoi dati e una copia degli stessi;</List.Item>
      <List.Item>la rettifica dei dati inesatti o l’integrazione di quelli incompleti;</List.Item>
      <List.Item>la cancellazione dei dati, salvo quelli che la legge ci impone di conservare;</List.Item>
      <List.Item>la limitazione del trattamento;</List.Item>
      <List.Item>la portabilità dei dati che ci hai fornito, in un formato strutturato e leggibile da dispositivo automatico;</List.Item>
      <List.Item>di opporti ai trattamenti basati sul legittimo interesse;</List.Item>
      <List.Item>di revocare il consenso prestato, senza pregiudicare la liceità del trattamento svolto prima della revoca.</List.Item>
    </List>
    <Text>
      Hai inoltre il diritto di proporre reclamo al Garante per la protezione dei dati personali (
      <Anchor href="https://www.garanteprivacy.it" target="_blank" rel="noopener noreferrer">
        www.garanteprivacy.it
      </Anchor>
      ).
    </Text>
  </PrivacySection>
);

export const ContactsSection = () => (
  <PrivacySection number={8} title="Contatti">
    <Text>
      Per esercitare i tuoi diritti o per qualsiasi domanda su questa informativa{' '}
      {CONTROLLER.email ? (
        <>
          scrivi {prepositionBefore(CONTROLLER.email)} <Anchor href={`mailto:${CONTROLLER.email}`}>{CONTROLLER.email}</Anchor>
        </>
      ) : (
        'contatta lo staff tramite la chat del portale'
      )}
      {CONTROLLER.dpoEmail && (
        <>
          , oppure scrivi al DPO all’indirizzo <Anchor href={`mailto:${CONTROLLER.dpoEmail}`}>{CONTROLLER.dpoEmail}</Anchor>
        </>
      )}
      . Risponderemo entro un mese dalla richiesta, prorogabile di due mesi nei casi più complessi (art. 12 GDPR).
    </Text>
  </PrivacySection>
);
