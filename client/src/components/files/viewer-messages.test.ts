import { describe, expect, it } from 'vitest';
import { downloadFailedMessage } from './download';
import { statusOfPdfError, VIEWER_MSG, viewerErrorMessage } from './viewer-messages';

describe('viewer and download messages (spec section 8)', () => {
  it('says not found for 404, denied for 403, a generic failure otherwise, and names the page', () => {
    expect(viewerErrorMessage(404)).toBe('File non trovato');
    expect(viewerErrorMessage(403)).toBe('Accesso negato');
    expect(viewerErrorMessage(500)).toBe('Errore durante il caricamento del file');
    expect(viewerErrorMessage(null)).toBe('Errore durante il caricamento del file');
    expect(VIEWER_MSG.page(3)).toBe('Errore durante il caricamento della pagina 3');
    expect(downloadFailedMessage('Not Found')).toBe('Failed to download file: Not Found');
  });

  it('reads the status of pdf.js loading errors', () => {
    expect(statusOfPdfError({ name: 'ResponseException', status: 403, missing: false })).toBe(403);
    expect(statusOfPdfError({ name: 'ResponseException', status: 0, missing: true })).toBe(404);
    expect(statusOfPdfError(new Error('Invalid PDF structure'))).toBeNull();
  });
});
