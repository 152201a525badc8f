// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { attachmentHeader, csvCell, csvRow } from './csv.js';

describe('csv', () => {
  it('neutralises cells a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tcmd')).toBe("'\tcmd");
    expect(csvCell('\rcmd')).toBe(`"'\rcmd"`);
    // Numbers we write ourselves stay numbers; ordinary text is untouched.
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell('Song = good')).toBe('Song = good');
  });

  it('quotes commas, quotes and line breaks, and ends rows with CRLF', () => {
    expect(csvRow(['a,b', 'say "hi"', 'two\nlines', null, true])).toBe(
      '"a,b","say ""hi""","two\nlines",,true\r\n',
    );
  });

  it('names the file for Content-Disposition without header injection', () => {
    expect(attachmentHeader('Fresh "Finds"\r\nX: y')).toBe(
      `attachment; filename="Fresh _Finds_X_ y.csv"; filename*=UTF-8''Fresh%20%22Finds%22%0D%0AX%3A%20y.csv`,
    );
  });
});
