import { useState } from 'react';
import { useSystemAddresses } from '@/lib/api/system/get-system-addresses';
import { readStoredLanAddress } from './lan-address-field';
import { chosenLanAddress, isLoopbackOrigin, labelBaseUrl, LAN_ADDRESS_KEY, phoneReachable } from '@/lib/label-url';

export interface LabelBaseUrl {
  pageOrigin: string;
  /** Opened on localhost (the desktop app's window): the QR needs another address. */
  loopback: boolean;
  /** The server's own LAN addresses, once known (empty: none, or the server could not say). */
  offered: string[];
  /** Still asking the server: neither the choice nor the warning is shown yet. */
  pending: boolean;
  /** The origin the QR codes encode; null prints labels without QR. */
  baseUrl: string | null;
  choose: (address: string) => void;
  /** The address typed when the server knows none (LanAddressField). */
  setTyped: (value: string) => void;
}

/**
 * Where phones reach this server, for the QR codes: the page's own origin when a LAN browser
 * opened it; on localhost the server's LAN addresses (GET /api/system/addresses, the API-key
 * dialog's query) to choose from; only when none is known, an address the operator types.
 */
export function useLabelBaseUrl(): LabelBaseUrl {
  const pageOrigin = window.location.origin;
  const loopback = isLoopbackOrigin(pageOrigin);
  const lan = useSystemAddresses(loopback);
  const [remembered, setRemembered] = useState(readStoredLanAddress);
  const offered = phoneReachable(lan.data?.addresses);
  const chosen = chosenLanAddress(offered, remembered);
  const remember = (value: string) => {
    localStorage.setItem(LAN_ADDRESS_KEY, value);
    setRemembered(value);
  };
  return {
    pageOrigin,
    loopback,
    offered,
    pending: loopback && lan.isPending,
    // Nothing while the server is asked: a QR must not switch address under the operator's eyes.
    baseUrl: !loopback ? pageOrigin : lan.isPending ? null : (chosen ?? labelBaseUrl(pageOrigin, remembered)),
    choose: remember,
    // LanAddressField stores what is typed itself.
    setTyped: setRemembered,
  };
}
