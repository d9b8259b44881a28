import { describe, expect, it } from 'vitest';
import {
  chosenLanAddress,
  isLoopbackOrigin,
  labelBaseUrl,
  labelUrl,
  normaliseLanAddress,
  phoneReachable,
} from './label-url';

describe('label URLs', () => {
  it('knows which origins a phone cannot reach', () => {
    for (const o of [
      'http://localhost:3000',
      'http://127.0.0.1:5173',
      'http://127.1.2.3',
      'http://[::1]:3000',
      'http://app.localhost',
    ]) {
      expect(isLoopbackOrigin(o), o).toBe(true);
    }
    for (const o of ['http://192.168.1.20:3000', 'http://mcr-pc.local:3000', 'https://cg.example.org']) {
      expect(isLoopbackOrigin(o), o).toBe(false);
    }
  });

  it('turns a typed LAN address into an origin', () => {
    expect(normaliseLanAddress('192.168.1.20:3000')).toBe('http://192.168.1.20:3000');
    expect(normaliseLanAddress('  http://192.168.1.20:3000/equipment?x=1 ')).toBe('http://192.168.1.20:3000');
    expect(normaliseLanAddress('https://cg.example.org')).toBe('https://cg.example.org');
    expect(normaliseLanAddress('mcr-pc.local:3000')).toBe('http://mcr-pc.local:3000');
  });

  it('refuses what a phone could not open', () => {
    for (const bad of [
      '',
      '   ',
      'http://localhost:3000',
      '127.0.0.1:3000',
      'ftp://192.168.1.20',
      'http://',
      'http://a b',
    ]) {
      expect(normaliseLanAddress(bad), bad).toBeNull();
    }
  });

  it('uses the page origin unless it is loopback', () => {
    expect(labelBaseUrl('http://192.168.1.20:3000', 'http://10.0.0.5:3000')).toBe('http://192.168.1.20:3000');
    expect(labelBaseUrl('http://127.0.0.1:3000', '10.0.0.5:3000')).toBe('http://10.0.0.5:3000');
    expect(labelBaseUrl('http://localhost:3000', null)).toBeNull();
    expect(labelBaseUrl('http://localhost:3000', 'localhost:3000')).toBeNull();
  });

  it('points a label at the full-page item view, code encoded', () => {
    expect(labelUrl('http://192.168.1.20:3000', 'CAM-01')).toBe('http://192.168.1.20:3000/field/equipment/CAM-01');
    expect(labelUrl('http://192.168.1.20:3000', 'MIC #2')).toBe('http://192.168.1.20:3000/field/equipment/MIC%20%232');
  });
});

describe('the server’s LAN addresses on the labels page', () => {
  const offered = ['http://192.168.1.20:3000', 'http://10.0.0.5:3000'];

  it('offers only addresses a phone can open, each once', () => {
    expect(phoneReachable(['http://127.0.0.1:3000', ...offered, 'http://192.168.1.20:3000'])).toEqual(offered);
    expect(phoneReachable(undefined)).toEqual([]);
  });

  it('uses the likeliest address unless another one was chosen before', () => {
    expect(chosenLanAddress(offered, null)).toBe('http://192.168.1.20:3000');
    expect(chosenLanAddress(offered, '10.0.0.5:3000')).toBe('http://10.0.0.5:3000');
    expect(chosenLanAddress(offered, 'http://172.16.0.9:3000')).toBe('http://192.168.1.20:3000');
    expect(chosenLanAddress([], 'http://10.0.0.5:3000')).toBeNull();
  });
});
