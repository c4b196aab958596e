/** Spec section 8: the file viewer's messages. */
export const VIEWER_MSG = {
  notFound: 'File non trovato',
  forbidden: 'Accesso negato',
  failed: 'Errore durante il caricamento del file',
  page: (page: number) => `Errore durante il caricamento della pagina ${page}`,
} as const;

/** The message for a file that could not be loaded, by the HTTP status when one is known. */
export const viewerErrorMessage = (status: number | null | undefined): string => {
  if (status === 404) return VIEWER_MSG.notFound;
  if (status === 403) return VIEWER_MSG.forbidden;
  return VIEWER_MSG.failed;
};

/** The HTTP status inside a pdf.js loading error (ResponseException carries it), or null. */
export const statusOfPdfError = (error: unknown): number | null => {
  if (typeof error !== 'object' || error === null) return null;
  const { status, missing, name } = error as { status?: unknown; missing?: unknown; name?: unknown };
  if (typeof status === 'number' && status > 0) return status;
  if (missing === true || name === 'MissingPDFException') return 404;
  return null;
};

/** Asks the server for a file's status after a media element failed (it does not say why). */
export const probeStatus = async (url: string): Promise<number | null> => {
  try {
    const response = await fetch(url, { method: 'HEAD', credentials: 'same-origin' });
    return response.status;
  } catch {
    return null;
  }
};
