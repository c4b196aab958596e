import { describe, expect, it } from 'vitest';
import { extensionOf, fileExtension, formatFileSize, isPreviewable, nameWithoutExtension, viewerKind } from './file-kinds';

describe('nameWithoutExtension', () => {
  it('drops the last extension only, and keeps names without one (or dot files) whole', () => {
    expect(nameWithoutExtension('carta.identita.pdf')).toBe('carta.identita');
    expect(nameWithoutExtension('Contratto.PDF')).toBe('Contratto');
    expect(nameWithoutExtension('README')).toBe('README');
    expect(nameWithoutExtension('.bashrc')).toBe('.bashrc');
    expect(nameWithoutExtension('C:\\docs\\foto.jpeg')).toBe('foto');
  });
});

describe('extensionOf and fileExtension', () => {
  it('reads the extension in lower case, or the stored mime type first', () => {
    expect(extensionOf('Foto.JPG')).toBe('jpg');
    expect(extensionOf('senza')).toBe('');
    expect(extensionOf('finisce.')).toBe('');
    // A renamed file keeps its real type.
    expect(fileExtension({ name: 'Patente fronte', mime: 'image/jpeg' })).toBe('jpg');
    expect(fileExtension({ name: 'listino.xlsx', mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' })).toBe('xlsx');
  });
});

describe('isPreviewable (spec section 5)', () => {
  it('previews pdf, png, jpg and jpeg only', () => {
    for (const name of ['a.pdf', 'a.png', 'a.jpg', 'a.JPEG']) expect(isPreviewable({ name }), name).toBe(true);
    for (const name of ['a.gif', 'a.mp4', 'a.mp3', 'a.docx', 'a']) expect(isPreviewable({ name }), name).toBe(false);
    expect(isPreviewable({ name: 'Contratto', mime: 'application/pdf' })).toBe(true);
    expect(isPreviewable({ name: 'video.pdf', mime: 'video/mp4' })).toBe(false);
  });
});

describe('viewerKind (spec section 2)', () => {
  it('shows images, video, audio and PDF, and offers a link for the rest', () => {
    expect(viewerKind({ name: 'a.gif' })).toBe('image');
    expect(viewerKind({ name: 'a.webm' })).toBe('video');
    expect(viewerKind({ name: 'a.wav' })).toBe('audio');
    expect(viewerKind({ name: 'x', mime: 'audio/mpeg' })).toBe('audio');
    expect(viewerKind({ name: 'a.pdf' })).toBe('pdf');
    expect(viewerKind({ name: 'a.docx' })).toBe('other');
  });
});

describe('formatFileSize', () => {
  it('writes bytes, KB and MB with an Italian decimal comma', () => {
    expect(formatFileSize(532)).toBe('532 B');
    expect(formatFileSize(1536)).toBe('1,5 KB');
    expect(formatFileSize(5 * 1024 * 1024)).toBe('5 MB');
    expect(formatFileSize(null)).toBe('—');
  });
});
