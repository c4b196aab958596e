import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './a11y';
import { hasBrowser, useBrowserSuite } from './browser';
import { ADMIN, signIn } from './shell-helpers';

/**
 * The admin's product editor (issue 29) on /admin/altri-rami: a product with a conditional question and a required
 * document, tried in the live preview, saved, published twice (each publication a new version, both listed).
 */
describe.skipIf(!hasBrowser)('admin: prodotti degli altri rami', () => {
  const suite = useBrowserSuite({ onReady: (server) => server.createUser(ADMIN).then(() => undefined) });

  it('builds «Casa Serena» with a question shown only after «Sì», previews it, saves it and publishes two versions', async () => {
    const page = await suite.openPage('/accedi');
    await signIn(page, suite.server.url, ADMIN);
    await page.goto(`${suite.server.url}/admin/altri-rami`);

    const products = page.getByRole('region', { name: 'Prodotti', exact: true });
    // The catalogue of before issue 29 is there as version 1 of its products.
    await products.getByRole('listitem', { name: 'Casa e famiglia' }).getByText('Versione 1').waitFor();
    await products.getByRole('button', { name: 'Nuovo prodotto' }).click();

    const editor = page.getByRole('dialog', { name: /^(Nuovo|Modifica) prodotto$/ });
    await editor.getByRole('textbox', { name: 'Nome', exact: true }).fill('Casa Serena');
    await editor.getByRole('textbox', { name: 'Descrizione' }).fill('Polizza per la casa e gli animali domestici.');

    // A yes/no question: its key is suggested from its label.
    await editor.getByRole('button', { name: 'Aggiungi domanda alla sezione «Dati della richiesta»' }).click();
    await page.getByRole('menuitem', { name: 'Sì / No' }).click();
    const labels = editor.getByRole('textbox', { name: 'Testo della domanda' });
    await labels.nth(0).fill('Hai un animale domestico?');
    expect(await editor.getByRole('textbox', { name: 'Chiave', exact: true }).nth(0).inputValue()).toBe('haiUnAnimaleDomestico');

    // A text question, required, shown only when the first is answered «Sì».
    await editor.getByRole('button', { name: 'Aggiungi domanda alla sezione «Dati della richiesta»' }).click();
    await page.getByRole('menuitem', { name: 'Testo breve' }).click();
    await labels.nth(1).fill('Che animale è?');
    const second = editor.getByRole('listitem', { name: 'Domanda 2: Che animale è?' });
    await second.getByRole('checkbox', { name: 'Obbligatoria', exact: true }).check();
    await second.getByRole('switch', { name: 'Mostra solo se' }).check();
    await expect.poll(() => second.getByLabel('Domanda', { exact: true }).inputValue()).toBe('Hai un animale domestico? (haiUnAnimaleDomestico)');
    expect(await second.getByLabel('Condizione', { exact: true }).inputValue()).toBe('è «Sì»');

    // A required document, its code derived from its name.
    await editor.getByRole('button', { name: 'Aggiungi documento' }).click();
    await editor.getByRole('textbox', { name: 'Nome del documento' }).fill('Libretto sanitario');
    expect(await editor.getByRole('textbox', { name: 'Codice' }).inputValue()).toBe('libretto-sanitario');
    expect(await editor.getByRole('checkbox', { name: 'Obbligatorio' }).isChecked()).toBe(true);

    // Dragged above the question it reads (keyboard: space, arrow up, space), the condition is refused on its field;
    // moved back down with its button, it is fine again.
    const handle = editor.getByRole('button', { name: 'Trascina la domanda «Che animale è?»' });
    // Escape while dragging puts the question back and leaves the drawer open.
    await handle.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => handle.getAttribute('aria-pressed')).toBe('true');
    await page.keyboard.press('ArrowUp');
    await page.waitForTimeout(300);
    await page.keyboard.press('Escape');
    await expect.poll(() => handle.getAttribute('aria-pressed')).toBe(null);
    await editor.getByRole('listitem', { name: 'Domanda 2: Che animale è?' }).waitFor();
    expect(await editor.isVisible()).toBe(true);
    await handle.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => handle.getAttribute('aria-pressed')).toBe('true');
    await page.keyboard.press('ArrowUp');
    await page.waitForTimeout(300);
    await page.keyboard.press('Space');
    const misplaced = 'La condizione si riferisce a «haiUnAnimaleDomestico», che non è una domanda precedente.';
    await editor.getByRole('listitem', { name: 'Domanda 1: Che animale è?' }).getByText(misplaced).waitFor();
    expect(await editor.getByRole('button', { name: 'Salva bozza' }).isDisabled()).toBe(true);
    await editor.getByRole('button', { name: 'Sposta giù la domanda «Che animale è?»' }).click();
    await expect.poll(() => editor.getByText(misplaced).count()).toBe(0);
    await editor.getByRole('listitem', { name: 'Domanda 2: Che animale è?' }).waitFor();

    // A second section, empty until the conditional question moves down into it.
    await editor.getByRole('button', { name: 'Aggiungi sezione' }).click();
    await editor.getByRole('textbox', { name: 'Titolo della sezione' }).nth(1).fill('Il tuo animale');
    const sectionList = editor.getByRole('list', { name: 'Sezioni del questionario' });
    await sectionList.getByText('Aggiungi almeno una domanda alla sezione.').waitFor();
    await editor.getByRole('button', { name: 'Sposta giù la domanda «Che animale è?»' }).click();
    await editor.getByRole('list', { name: 'Domande della sezione «Il tuo animale»' }).getByRole('listitem', { name: 'Domanda 2: Che animale è?' }).waitFor();
    await expect.poll(() => editor.getByText('Aggiungi almeno una domanda alla sezione.').count()).toBe(0);

    // The preview: the conditional question appears only after «Sì».
    const preview = editor.getByRole('region', { name: 'Anteprima' });
    await preview.getByText('Hai un animale domestico?').waitFor();
    expect(await preview.getByRole('textbox', { name: /Che animale è\?/ }).count()).toBe(0);
    await preview.getByRole('radio', { name: 'Sì' }).click();
    await preview.getByRole('textbox', { name: /Che animale è\?/ }).waitFor();

    await expectNoAxeViolations(page, '/admin/altri-rami con l’editor del prodotto aperto');

    // Save, then publish: version 1.
    await editor.getByRole('button', { name: 'Salva bozza' }).click();
    await page.getByText('Prodotto salvato.').waitFor();
    await page.getByRole('dialog', { name: 'Modifica prodotto' }).waitFor();
    await editor.getByText('Bozza mai pubblicata').waitFor();
    await editor.getByRole('button', { name: 'Pubblica', exact: true }).click();
    const confirmPublish = page.getByRole('dialog', { name: 'Pubblicare una nuova versione?' });
    await confirmPublish.getByText(/Sarà pubblicata la versione 1: .*mantengono la versione/).waitFor();
    await confirmPublish.getByRole('button', { name: 'Pubblica' }).click();
    await page.getByText('Versione 1 pubblicata.').waitFor();
    await editor.getByText('Versione 1', { exact: true }).waitFor();

    // A new label, published again: version 2, both versions listed.
    await labels.nth(0).fill('Hai un animale domestico in casa?');
    expect(await editor.getByRole('textbox', { name: 'Chiave', exact: true }).nth(0).inputValue()).toBe('haiUnAnimaleDomestico');
    await editor.getByText('Modifiche da pubblicare').waitFor();
    await editor.getByRole('button', { name: 'Pubblica', exact: true }).click();
    await confirmPublish.getByText(/Sarà pubblicata la versione 2/).waitFor();
    await confirmPublish.getByRole('button', { name: 'Pubblica' }).click();
    await page.getByText('Versione 2 pubblicata.').waitFor();
    const versions = editor.getByRole('list', { name: 'Versioni pubblicate' }).getByRole('listitem');
    await expect.poll(() => versions.allInnerTexts()).toEqual([
      expect.stringMatching(/^Versione 2 — Casa Serena, pubblicata il \d{2}\/\d{2}\/\d{4}$/),
      expect.stringMatching(/^Versione 1 — Casa Serena, pubblicata il \d{2}\/\d{2}\/\d{4}$/),
    ]);

    // Back to the list: the product at version 2, nothing left to publish.
    await editor.getByRole('button', { name: 'Chiudi', exact: true }).click();
    await editor.waitFor({ state: 'hidden' });
    const row = products.getByRole('listitem', { name: 'Casa Serena' });
    await row.getByText('Versione 2').waitFor();
    await row.getByText('Attivo').waitFor();
    expect(await row.getByText('Modifiche da pubblicare').count()).toBe(0);

    // Duplicated, the copy opens in the editor; the server refuses a name already used (on the field).
    await row.getByRole('button', { name: 'Duplica Casa Serena' }).click();
    await page.getByText('Creata la copia «Copia di Casa Serena».').waitFor();
    const name = editor.getByRole('textbox', { name: 'Nome', exact: true });
    await expect.poll(() => name.inputValue()).toBe('Copia di Casa Serena');
    await name.fill('casa serena');
    await editor.getByRole('button', { name: 'Salva bozza' }).click();
    await editor.getByText('Esiste già un prodotto con questo nome nel settore.').waitFor();
    await editor.getByRole('button', { name: 'Chiudi', exact: true }).click();
    await page.getByRole('dialog', { name: 'Chiudere senza salvare?' }).getByRole('button', { name: 'Chiudi senza salvare' }).click();
    await editor.waitFor({ state: 'hidden' });

    // The copy retired after confirming; the search by name finds it alone.
    const copy = products.getByRole('listitem', { name: 'Copia di Casa Serena' });
    await copy.getByText('Bozza mai pubblicata').waitFor();
    await copy.getByRole('button', { name: 'Ritira Copia di Casa Serena' }).click();
    await page.getByRole('dialog', { name: 'Ritirare «Copia di Casa Serena»?' }).getByRole('button', { name: 'Ritira' }).click();
    await copy.getByText('Ritirato').waitFor();
    await products.getByRole('textbox', { name: 'Cerca per nome' }).fill('copia');
    await expect.poll(() => products.getByRole('listitem').count()).toBe(1);
    await copy.waitFor();
  });
});
