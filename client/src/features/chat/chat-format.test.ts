import { describe, expect, it } from 'vitest';
import { baseName, buildUploadForm } from './api/chat-api';
import { canPreview, fileUrl, formatMessageTime } from './chat-format';

describe('chat formatting', () => {
  it('shows the time alone for today and the date otherwise, in it-IT', () => {
    const now = new Date(2026, 2, 5, 18, 0);
    expect(formatMessageTime(new Date(2026, 2, 5, 9, 7), now)).toBe('09:07');
    expect(formatMessageTime(new Date(2026, 2, 4, 14, 5), now)).toBe('04/03/2026, 14:05');
    expect(formatMessageTime(new Date('non una data'), now)).toBe('');
  });

  it('previews pdf, png, jpg and jpeg only', () => {
    expect(canPreview({ name: 'Patente', mime: 'application/pdf' })).toBe(true);
    expect(canPreview({ name: 'foto.JPG', mime: 'application/octet-stream' })).toBe(true);
    expect(canPreview({ name: 'video', mime: 'video/mp4' })).toBe(false);
  });

  it('builds the download address with path_0 and name_0, inline on request', () => {
    expect(fileUrl({ name: 'Patente di guida', path: 'f/ab&c' })).toBe('/api/docs/download?path_0=f%2Fab%26c&name_0=Patente+di+guida');
    expect(fileUrl({ name: 'a', path: 'p' }, true)).toBe('/api/docs/download?path_0=p&name_0=a&inline=1');
  });
});

describe('chat upload form', () => {
  it('sends file0..N with m0..N named without the extension, and the body part', async () => {
    const form = buildUploadForm([new File(['%PDF'], 'patente.fronte.pdf'), new File(['x'], 'README')], { text: '', clientId: 'abcdefgh12' });
    expect([...form.keys()]).toEqual(['m0', 'file0', 'm1', 'file1', 'body']);
    expect(JSON.parse(form.get('m0') as string)).toEqual({ name: 'patente.fronte' });
    expect(JSON.parse(form.get('m1') as string)).toEqual({ name: 'README' });
    expect((form.get('file0') as File).name).toBe('patente.fronte.pdf');
    expect(JSON.parse(form.get('body') as string)).toEqual({ text: '', clientId: 'abcdefgh12' });
    expect(baseName('.env')).toBe('.env');
  });
});
