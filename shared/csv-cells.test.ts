import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { neutraliseCell, neutraliseCsvText, toCsv } from './csv-cells';

describe('neutraliseCell', () => {
  it.each(['=HYPERLINK("http://x","y")', '+1+2', '-2+3', '@SUM(A1)'])('prefixes a single quote to %j', (cell) => {
    expect(neutraliseCell(cell)).toBe(`'${cell}`);
  });

  // Issue 37 #9: a reader splitting on `;` (Excel in a `;` locale), tab or a line break sees a
  // cell that starts after the separator: the quote goes there too, not only at our cell's start.
  it.each([
    ['Budget;=1+1', "Budget;'=1+1"],
    ['a,=1', "a,'=1"],
    ['a;+1;b;-2', "a;'+1;b;'-2"],
    ['a;@SUM(A1)', "a;'@SUM(A1)"],
    ['a\t=1', "a\t'=1"],
    ['a;\t=1', "a;'\t'=1"],
    ['line\n=1', "line\n'=1"],
    ['line\r\n=1', "line\r\n'=1"],
    ['a\r=1', "a\r'=1"],
    ['a;"=1+1"', `a;"'=1+1"`],
    ['=1;=2', "'=1;'=2"],
    ['\t=1', "'\t'=1"],
    ['\r=1', "'\r'=1"],
  ])('neutralises %j after every separator: %j', (cell, safe) => {
    expect(neutraliseCell(cell)).toBe(safe);
  });

  it('leaves ordinary text, Thaana, numbers and empty cells as they are', () => {
    expect(neutraliseCell('Sony FX6')).toBe('Sony FX6');
    expect(neutraliseCell('ކެމެރާ')).toBe('ކެމެރާ');
    expect(neutraliseCell(' =1')).toBe(' =1');
    expect(neutraliseCell('Sony FX6, 4K; 2 batteries')).toBe('Sony FX6, 4K; 2 batteries');
    expect(neutraliseCell('a = b + c @ d - e')).toBe('a = b + c @ d - e');
    expect(neutraliseCell('ޚަބަރު;ކެމެރާ')).toBe('ޚަބަރު;ކެމެރާ');
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
    expect(toCsv(['a'], [['1'], ['@x']], false)).toBe('1\r\n"\'@x"');
  });

  it('read with ; or tab as the separator (Excel in a ; locale, a paste), no cell of any row starts a formula', () => {
    const hostile = ['Budget;=1+1;x', 'Kit,+cmd', 'Desk\t@SUM(A1)', 'Two lines\n-2+3', 'a;"=1+1"', '=1'];
    const csv = toCsv(
      ['time', 'text', 'result'],
      hostile.map((text) => ['2026-11-28', text, 'ok']),
    );
    for (const delimiter of [',', ';', '\t']) {
      for (const cell of Papa.parse<string[]>(csv, { delimiter, newline: '\r\n' }).data.flat()) {
        expect(cell, `${JSON.stringify(delimiter)}: ${JSON.stringify(cell)}`).not.toMatch(/^"*[=+\-@\t\r]/);
      }
    }
    // Read as written (comma), every cell is whole, marked cells quoted.
    expect(Papa.parse<string[]>(csv, { newline: '\r\n' }).data.map((row) => row[1])).toEqual([
      'text',
      ...hostile.map(neutraliseCell),
    ]);
    expect(csv).toContain(`2026-11-28,"Budget;'=1+1;x",ok`);
  });
});

describe('neutraliseCsvText', () => {
  it('rewrites a CSV text cell by cell', () => {
    expect(neutraliseCsvText('code,name\nCAM-1,=1+1\nCAM-2,x;=1\n')).toBe(
      `code,name\r\nCAM-1,"'=1+1"\r\nCAM-2,"x;'=1"`,
    );
  });
});
