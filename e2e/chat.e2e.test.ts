import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_MSG } from '../shared/chat-messages';
import { pdfOf } from '../server/modules/files/files.fixtures';
import { startTestServer } from '../server/testing/start-test-server';
import { DESKTOP, hasBrowser, launchBrowser, PHONE, saveScreenshot } from './browser';
import { ADMIN, BROKER, CORNER_PERSONA, signIn, waitForShell } from './shell-helpers';

type TPendingAnswer = { id: string; text: string; room: { id: string } }[];

/** The chat panel (spec sections 2, 4, 5 and 9; issue 5): two people chatting live in two browser contexts. */
describe.skipIf(!hasBrowser)('chat between a corner and the staff', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let browser: Browser;
  let contexts: BrowserContext[] = [];

  beforeAll(async () => {
    server = await startTestServer();
    browser = await launchBrowser();
    await server.createUser(CORNER_PERSONA);
    await server.createUser(ADMIN);
    await server.createUser(BROKER);
  });
  afterEach(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    contexts = [];
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const signedIn = async (user: { email: string; password: string }, viewport: { width: number; height: number } = DESKTOP): Promise<Page> => {
    const context = await browser.newContext({ viewport, locale: 'it-IT' });
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(`${server.url}/accedi`);
    await signIn(page, server.url, user);
    await waitForShell(page);
    await page.getByRole('button', { name: 'Stato connessione: connesso', exact: true }).waitFor();
    return page;
  };

  /** GET with the page's own session, from inside the page. */
  const getJson = <T,>(page: Page, path: string): Promise<T> =>
    page.evaluate(async (url) => {
      const response = await fetch(url, { credentials: 'same-origin' });
      if (!response.ok) throw new Error(`${url}: ${response.status}`);
      return response.json();
    }, path) as Promise<T>;

  const openChat = async (page: Page): Promise<Locator> => {
    await page.getByRole('button', { name: /^Chat(, \d+ da leggere)?$/ }).click();
    const panel = page.getByRole('dialog', { name: 'Chat' });
    await panel.waitFor();
    return panel;
  };

  const messageTexts = (panel: Locator) => panel.getByTestId('message-text').allInnerTexts();
  /** The staff contact (the staff room also appears among the conversations once it has messages). */
  const staffContact = (panel: Locator) => panel.getByRole('list', { name: 'Assistenza' }).getByRole('button', { name: /^Staff\b/ });
  const conversations = (panel: Locator) => panel.getByRole('list', { name: 'Conversazioni aperte' });

  it('delivers messages both ways without a reload, with Enter/Shift+Enter, acknowledgements and an upload', async () => {
    const corner = await signedIn(CORNER_PERSONA);
    const admin = await signedIn(ADMIN);
    let reloads = 0;
    for (const page of [corner, admin]) {
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) reloads += 1;
      });
    }

    // The staff keep the panel open: nothing yet.
    const adminPanel = await openChat(admin);
    await adminPanel.getByText('Nessuna conversazione').waitFor();

    // The corner opens its staff contact: an empty room.
    const cornerPanel = await openChat(corner);
    await staffContact(cornerPanel).click();
    await cornerPanel.getByText('Nessun messaggio').waitFor();
    const composer = cornerPanel.getByRole('textbox', { name: 'Messaggio' });
    await expect.poll(() => composer.evaluate((element) => element === document.activeElement)).toBe(true);
    const roomId = (await getJson<{ roomId: string }[]>(corner, '/api/chat/staff'))[0]!.roomId;

    // An empty or blank message is not sent; Shift+Enter adds a line, Enter sends.
    await composer.press('Enter');
    await composer.fill('   ');
    await composer.press('Enter');
    await composer.fill('');
    await composer.pressSequentially('Buongiorno,');
    await composer.press('Shift+Enter');
    await composer.pressSequentially('ecco la patente');
    expect(await composer.inputValue()).toBe('Buongiorno,\necco la patente');
    expect((await getJson<{ messages: unknown[] }>(corner, `/api/chat/${roomId}`)).messages).toEqual([]);
    await composer.press('Enter');
    await expect.poll(() => composer.inputValue()).toBe('');
    await cornerPanel.getByTestId('message-status').getByText('Inviato').waitFor();
    expect(await messageTexts(cornerPanel)).toEqual(['Buongiorno,\necco la patente']);

    // The staff see it arrive live: pending, counted on the badge.
    const pendingItem = adminPanel.getByTestId('pending-ack');
    await pendingItem.getByText('ecco la patente', { exact: false }).waitFor();
    expect(await pendingItem.innerText()).toContain('Mario Rossi');
    await admin.getByRole('button', { name: 'Chat, 1 da leggere', exact: true }).waitFor();

    // Found by the corner's name (debounced search); opening the room shows the message, which acknowledges it.
    await adminPanel.getByRole('searchbox', { name: 'Cerca conversazioni e contatti' }).fill('Rossi');
    await adminPanel.getByRole('list', { name: 'Risultati della ricerca' }).getByRole('button', { name: 'Mario Rossi' }).click();
    await adminPanel.getByRole('log', { name: 'Messaggi di Mario Rossi' }).waitFor();
    expect(await messageTexts(adminPanel)).toEqual(['Buongiorno,\necco la patente']);
    await admin.getByRole('button', { name: 'Chat', exact: true }).waitFor();
    await expect.poll(() => getJson<TPendingAnswer>(admin, '/api/chat/ack')).toEqual([]);
    // The corner's tick turns to "Letto" live (chat.onAck), without reopening the room.
    await cornerPanel.getByText('Letto', { exact: true }).waitFor();

    // The reply reaches the corner's open room, where it is displayed and so acknowledged.
    const adminComposer = adminPanel.getByRole('textbox', { name: 'Messaggio' });
    await adminComposer.fill('Ricevuta, grazie');
    await adminComposer.press('Enter');
    await cornerPanel.getByText('Ricevuta, grazie').waitFor();
    expect(await messageTexts(cornerPanel)).toEqual(['Buongiorno,\necco la patente', 'Ricevuta, grazie']);
    await expect.poll(() => getJson<TPendingAnswer>(corner, '/api/chat/ack')).toEqual([]);

    // With the room minimised, the next reply waits in the pending list until acknowledged.
    await cornerPanel.getByRole('button', { name: 'Riduci la conversazione' }).click();
    await adminComposer.fill('Serve anche il libretto');
    await adminComposer.press('Enter');
    const cornerPending = cornerPanel.getByTestId('pending-ack');
    await cornerPending.getByText('Serve anche il libretto').waitFor();
    await corner.getByRole('button', { name: 'Chat, 1 da leggere', exact: true }).waitFor();
    await cornerPanel.getByRole('list', { name: 'Conversazioni aperte' }).getByRole('button', { name: /^Staff\b.*1 da leggere$/ }).waitFor();
    expect((await getJson<TPendingAnswer>(corner, '/api/chat/ack')).map((item) => item.text)).toEqual(['Serve anche il libretto']);
    await cornerPending.getByRole('button', { name: 'Conferma lettura' }).click();
    await cornerPending.waitFor({ state: 'detached' });
    await corner.getByRole('button', { name: 'Chat', exact: true }).waitFor();
    await expect.poll(() => getJson<TPendingAnswer>(corner, '/api/chat/ack')).toEqual([]);

    // Back in the room, a PDF picked with the file button reaches the staff as an attachment.
    await cornerPanel.getByRole('list', { name: 'Conversazioni aperte' }).getByRole('button', { name: /^Staff\b/ }).click();
    await cornerPanel.getByText('Serve anche il libretto').waitFor();
    await cornerPanel.locator('input[type="file"]').setInputFiles({ name: 'libretto.pdf', mimeType: 'application/pdf', buffer: await pdfOf('Libretto') });
    await corner.getByText(CHAT_MSG.uploaded).waitFor();
    await cornerPanel.getByRole('link', { name: 'Scarica libretto' }).waitFor();
    const attachment = adminPanel.getByRole('link', { name: 'Scarica libretto' });
    await attachment.waitFor();
    const href = (await attachment.getAttribute('href'))!;
    expect(href).toMatch(/^\/api\/docs\/download\?path_0=.+&name_0=libretto$/);
    const download = await admin.evaluate(async (url) => {
      const response = await fetch(url, { credentials: 'same-origin' });
      return { status: response.status, type: response.headers.get('content-type') };
    }, href);
    expect(download).toEqual({ status: 200, type: 'application/pdf' });
    expect(await adminPanel.getByRole('link', { name: 'Anteprima di libretto' }).getAttribute('href')).toBe(`${href}&inline=1`);
    await saveScreenshot(admin, 'chat-room-desktop');

    // Sent with the realtime connection down: the failure is shown; the retry (same clientId) stores it once.
    await corner.getByRole('button', { name: 'Stato connessione: connesso', exact: true }).dblclick();
    await corner.getByRole('button', { name: 'Stato connessione: non connesso', exact: true }).waitFor();
    await composer.fill('Arrivo domani');
    await composer.press('Enter');
    await cornerPanel.getByText(CHAT_MSG.sendFailed).waitFor();
    await corner.getByRole('button', { name: 'Stato connessione: non connesso', exact: true }).dblclick();
    await corner.getByRole('button', { name: 'Stato connessione: connesso', exact: true }).waitFor();
    await cornerPanel.getByRole('button', { name: 'Riprova' }).click();
    await adminPanel.getByText('Arrivo domani').waitFor();
    await expect.poll(async () => (await getJson<{ messages: { text: string }[] }>(corner, `/api/chat/${roomId}`)).messages.filter((m) => m.text === 'Arrivo domani').length).toBe(1);
    expect(await cornerPanel.getByText(CHAT_MSG.sendFailed).count()).toBe(0);
    expect(reloads).toBe(0);

    // After a new login the conversations are listed at once, with their last message.
    const again = await signedIn(CORNER_PERSONA);
    const freshPanel = await openChat(again);
    const staffLine = conversations(freshPanel).getByRole('listitem').filter({ hasText: 'Staff' });
    await staffLine.getByText('Tu: Arrivo domani', { exact: false }).waitFor();
    expect(await staffLine.innerText()).toMatch(/Tu: Arrivo domani · \d{2}:\d{2}/);

    // A broker found by its sector's name says its sector; writing to it puts its room first in the list.
    await freshPanel.getByRole('searchbox', { name: 'Cerca conversazioni e contatti' }).fill('gas');
    const found = freshPanel.getByRole('list', { name: 'Risultati della ricerca' }).getByRole('listitem').filter({ hasText: 'Elena Greco' });
    await found.getByText('Broker · Luce e gas').waitFor();
    await found.getByRole('button', { name: 'Elena Greco' }).click();
    await freshPanel.getByRole('log', { name: `Messaggi di Elena Greco ${CHAT_MSG.brokerSuffix}` }).waitFor();
    const brokerComposer = freshPanel.getByRole('textbox', { name: 'Messaggio' });
    await brokerComposer.fill('Vorrei un’offerta luce');
    await brokerComposer.press('Enter');
    await freshPanel.getByTestId('message-status').getByText('Inviato').waitFor();
    await freshPanel.getByRole('button', { name: 'Riduci la conversazione' }).click();
    await expect
      .poll(async () => (await conversations(freshPanel).getByRole('listitem').allInnerTexts()).map((line) => line.replace(/\s*\n\s*/g, ' | ')))
      .toEqual([expect.stringMatching(/Elena Greco - Broker \| Tu: Vorrei un’offerta luce · \d{2}:\d{2}/), expect.stringMatching(/Staff \| Tu: Arrivo domani · \d{2}:\d{2}/)]);
  });

  it('closes 500 ms after a click outside, at once with Esc, and takes files dropped on the room', async () => {
    const corner = await signedIn(CORNER_PERSONA);
    const chatButton = corner.getByRole('button', { name: 'Chat', exact: true });
    let panel = await openChat(corner);
    await panel.getByRole('searchbox', { name: 'Cerca conversazioni e contatti' }).waitFor();
    await corner.mouse.click(400, 500);
    await corner.waitForTimeout(250);
    expect(await panel.isVisible()).toBe(true);
    await panel.waitFor({ state: 'detached', timeout: 2000 });

    panel = await openChat(corner);
    await staffContact(panel).click();
    const room = panel.getByTestId('chat-room');
    await room.waitFor();
    // A file dragged over the room highlights it for 1500 ms; dropped, it is uploaded.
    const dropped = await pdfOf('Carta di circolazione');
    await room.evaluate((element, bytes) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(bytes)], 'carta.pdf', { type: 'application/pdf' }));
      element.dispatchEvent(new DragEvent('dragover', { dataTransfer: transfer, bubbles: true, cancelable: true }));
    }, [...dropped]);
    expect(await room.getAttribute('data-highlighted')).toBe('true');
    await corner.waitForTimeout(1700);
    expect(await room.getAttribute('data-highlighted')).toBeNull();
    await room.evaluate((element, bytes) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(bytes)], 'carta.pdf', { type: 'application/pdf' }));
      element.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
    }, [...dropped]);
    expect(await room.getAttribute('data-highlighted')).toBe('true');
    await corner.getByText(CHAT_MSG.uploaded).waitFor();
    await panel.getByRole('link', { name: 'Scarica carta' }).waitFor();

    await corner.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached', timeout: 400 });
    await expect.poll(() => chatButton.evaluate((element) => element === document.activeElement)).toBe(true);
  });

  it('fits a 390 px phone as a full-screen panel, closed with Esc', async () => {
    const corner = await signedIn(CORNER_PERSONA, PHONE);
    const panel = await openChat(corner);
    await staffContact(panel).waitFor();
    // "ad" before a vowel a: "scrivi ad assistenza@…", never "scrivi a assistenza".
    expect(await panel.getByText('Oppure scrivi', { exact: false }).innerText()).toMatch(/^Oppure scrivi ad assistenza@/);
    await corner.waitForTimeout(300);
    await saveScreenshot(corner, 'chat-home-phone', { fullPage: false });
    await staffContact(panel).click();
    await panel.getByRole('log', { name: 'Messaggi di Staff' }).waitFor();
    const composer = panel.getByRole('textbox', { name: 'Messaggio' });
    await composer.fill('Un messaggio dal telefono, abbastanza lungo da andare a capo nella sua nuvoletta');
    await composer.press('Enter');
    await panel.getByTestId('message-status').last().getByText('Inviato').waitFor();
    await composer.fill('Riga uno\nRiga due\nRiga tre');
    await corner.waitForTimeout(300);
    const box = await panel.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
    const composerBox = (await composer.boundingBox())!;
    expect(composerBox.y + composerBox.height).toBeLessThanOrEqual(PHONE.height);
    expect(await corner.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await saveScreenshot(corner, 'chat-room-phone', { fullPage: false });
    await saveScreenshot(corner, 'chat-room-phone-full');
    await corner.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
  });
});
