import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { neutraliseCell, neutraliseCsvText, toCsv } from './csv-cells';

describe('neutraliseCell', () => {
  it.each(['=HYPERLINK("http://x","y")', '+1+2', '-2+3', '@SUM(A1)', '\t=1', '\r=1'])('prefixes a single quote to %j', (cell) => {
    expect(neutraliseCell(cell)).toBe(`'${cell}`);
  });

  it('leaves ordinary text, Thaana, numbers and empty cells as they are', () => {
    expect(neutraliseCell('Sony FX6')).toBe('Sony FX6');
    expect(neutraliseCell('ކެމެރާ')).toBe('ކެމެރާ');
    expect(neutraliseCell(' =1')).toBe(' =1');
    expect(neutraliseCell(5)).toBe('5');
    expect(neutraliseCell(null)).toBe('');
    expect(neutraliseCell(undefined)).toBe('');
  });
});

describe('toCsv', () => {
  it('neutralises every cell, header included, and still quotes commas and quotes', () => {
    const csv = toCsv(['name', '=bad'], [['=HYPERLINK("http://evil","x")', 'a,b']]);
    const back = Papa.parse<string[]>(csv).data;
    expect(back).toEqual([
      ['name', "'=bad"],
      [`'=HYPERLINK("http://evil","x")`, 'a,b'],
    ]);
  });

  it('writes rows without a header when asked (a later page of an export)', () => {
    expect(toCsv(['a'], [['1'], ['@x']], false)).toBe("1\r\n'@x");
  });
});

describe('neutraliseCsvText', () => {
  it('rewrites a CSV text cell by cell', () => {
    expect(neutraliseCsvText('code,name\nCAM-1,=1+1\n')).toBe("code,name\r\nCAM-1,'=1+1");
  });
});
