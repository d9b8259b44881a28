import { describe, expect, it } from 'vitest';
import { loginPathFor, safeReturnPath } from './return-path';

const ORIGIN = 'http://192.168.1.20:3000';

describe('loginPathFor', () => {
  it('carries the whole page address: path, query and hash', () => {
    expect(loginPathFor({ pathname: '/field/equipment/CAM-007', search: '?src=qr', hash: '#top' })).toBe(
      '/login?next=%2Ffield%2Fequipment%2FCAM-007%3Fsrc%3Dqr%23top',
    );
  });

  it('adds nothing for / or the login screen itself', () => {
    expect(loginPathFor({ pathname: '/', search: '', hash: '' })).toBe('/login');
    expect(loginPathFor({ pathname: '/login', search: '?next=%2Fx', hash: '' })).toBe('/login');
  });
});

describe('safeReturnPath', () => {
  it('returns a same-origin path with its query and hash', () => {
    expect(safeReturnPath('/field/equipment/CAM-007?src=qr', ORIGIN)).toBe('/field/equipment/CAM-007?src=qr');
    expect(safeReturnPath('/equipment/labels?ids=1,2#x', ORIGIN)).toBe('/equipment/labels?ids=1,2#x');
    expect(safeReturnPath('/prompter/3/follow', ORIGIN)).toBe('/prompter/3/follow');
  });

  it('round-trips what loginPathFor wrote', () => {
    const login = loginPathFor({ pathname: '/equipment/labels', search: '?ids=4,5', hash: '' });
    const next = new URLSearchParams(login.split('?')[1]).get('next');
    expect(safeReturnPath(next, ORIGIN)).toBe('/equipment/labels?ids=4,5');
  });

  it.each([
    null,
    '',
    'field/equipment/CAM-007',
    '//evil.example/x',
    '/\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    'https://evil.example/',
    'http://192.168.1.20:3000.evil.example/',
    'javascript:alert(1)',
    'data:text/html,hi',
    '/login',
    '/login?next=%2Fx',
  ])('refuses %j and returns /', (next) => {
    expect(safeReturnPath(next, ORIGIN)).toBe('/');
  });
});
