import type os from 'node:os';
import { expect, test } from 'vitest';
import { lanUrls } from './lan';

const iface = (address: string, family: 'IPv4' | 'IPv6', internal = false) =>
  ({ address, family, internal }) as os.NetworkInterfaceInfo;

test('one address per external IPv4 interface; loopback and IPv6 left out', () => {
  const urls = lanUrls(3000, {
    lo: [iface('127.0.0.1', 'IPv4', true)],
    Ethernet: [iface('192.168.1.20', 'IPv4'), iface('fe80::1', 'IPv6')],
    'Wi-Fi': [iface('10.0.0.7', 'IPv4')],
  });
  expect(urls).toEqual(['http://192.168.1.20:3000', 'http://10.0.0.7:3000']);
});
