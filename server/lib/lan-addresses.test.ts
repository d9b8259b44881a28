import { describe, expect, it } from 'vitest';
import { lanAddresses, type InterfaceTable } from './lan-addresses';

const v4 = (address: string, internal = false) => ({ address, family: 'IPv4', internal });
const v6 = (address: string) => ({ address, family: 'IPv6', internal: false });

describe('lanAddresses (issue 22 point 21)', () => {
  it('lists non-internal IPv4 addresses as http URLs with the port', () => {
    const table: InterfaceTable = {
      lo: [v4('127.0.0.1', true), { address: '::1', family: 'IPv6', internal: true }],
      eth0: [v4('192.168.1.20'), v6('fe80::1')],
    };
    expect(lanAddresses(table, 3000)).toEqual(['http://192.168.1.20:3000']);
  });

  it('answers nothing when only loopback is known (the dialog then warns)', () => {
    expect(lanAddresses({ lo: [v4('127.0.0.1', true)] }, 3000)).toEqual([]);
    expect(lanAddresses({}, 3000)).toEqual([]);
    expect(lanAddresses({ eth0: undefined }, 3000)).toEqual([]);
  });

  it('puts physical adapters and private ranges first, virtual ones last, in a stable order', () => {
    const table: InterfaceTable = {
      docker0: [v4('172.17.0.1')],
      'vEthernet (WSL)': [v4('172.28.64.1')],
      wlan0: [v4('10.0.0.7')],
      eth1: [v4('203.0.113.9')],
      eth0: [v4('192.168.1.20'), v4('192.168.1.3')],
      tailscale0: [v4('100.64.0.2')],
    };
    expect(lanAddresses(table, 8080)).toEqual([
      'http://192.168.1.3:8080',
      'http://192.168.1.20:8080',
      'http://10.0.0.7:8080',
      'http://203.0.113.9:8080',
      'http://172.17.0.1:8080',
      'http://172.28.64.1:8080',
      'http://100.64.0.2:8080',
    ]);
  });

  it('leaves out link-local addresses and duplicates; accepts Node 18.0’s numeric family', () => {
    const table: InterfaceTable = {
      eth0: [v4('169.254.10.1'), { address: '192.168.0.5', family: 4, internal: false }],
      eth0b: [v4('192.168.0.5')],
    };
    expect(lanAddresses(table, 3000)).toEqual(['http://192.168.0.5:3000']);
  });

  it('follows the address the server listens on (HOST)', () => {
    const table: InterfaceTable = { eth0: [v4('192.168.1.20')], wlan0: [v4('10.0.0.7')] };
    expect(lanAddresses(table, 3000, '0.0.0.0')).toEqual(['http://192.168.1.20:3000', 'http://10.0.0.7:3000']);
    expect(lanAddresses(table, 3000, '::')).toHaveLength(2);
    expect(lanAddresses(table, 3000, '127.0.0.1')).toEqual([]);
    expect(lanAddresses(table, 3000, 'localhost')).toEqual([]);
    expect(lanAddresses(table, 3000, '10.0.0.7')).toEqual(['http://10.0.0.7:3000']);
    expect(lanAddresses(table, 3000, 'mcr-pc.local')).toHaveLength(2);
  });
});
