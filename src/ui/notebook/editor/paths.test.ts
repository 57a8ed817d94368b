import { describe, expect, it } from 'vitest';
import { notebookUrl } from '../../workspace/names';
import { notebookPathOf } from './paths';

describe('notebook editor paths', () => {
  it('encodes each segment and reads it back', () => {
    const path = 'team a/100% sure/#1 ?.ipynb';
    const url = notebookUrl(path);
    expect(url).toBe('/admin/workspace/notebook/team%20a/100%25%20sure/%231%20%3F.ipynb');
    expect(notebookPathOf(url)).toBe(path);
  });

  it('says when the URL names no notebook or is badly encoded', () => {
    expect(notebookPathOf('/admin/workspace/notebook')).toBe('');
    expect(notebookPathOf('/admin/workspace/notebook/%E0%A4%A.ipynb')).toBeNull();
  });
});
