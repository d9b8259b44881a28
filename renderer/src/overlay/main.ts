import type { OverlayLayout, OverlayServerMessage } from '@shared/contracts/overlay';
import { OverlayChannel } from './overlay-channel';
import { OverlayView } from './overlay-view';
import { previewLayoutFrom } from './preview-messages';
import { sampleOf, withSamples } from './sample-texts';
import { ServerFollower } from '@/lib/follow/server-follower';
import './overlay.css';

/**
 * The HTML overlay page (issue 25), served at /overlay/<key>: no app shell, no React, no login.
 * The key in the URL is sent as the channel's first message; everything shown comes from it.
 */
const stage = document.getElementById('stage');
const key = decodeURIComponent(location.pathname.split('/').filter(Boolean)[1] ?? '');
/** /outputs' preview only: sample text where nothing is on air. */
const sample = new URLSearchParams(location.search).has('sample');

// Both Thaana weights now, not when the first Dhivehi text arrives: its paint must not wait.
void document.fonts.load('400 40px "Noto Sans Thaana"', 'ދ');
void document.fonts.load('700 40px "Noto Sans Thaana"', 'ދ');

if (stage) start(stage);

function start(stage: HTMLElement): void {
  const view = new OverlayView(stage);
  // Issue 43: when this server is gone for good, the overlay moves to a living one of its store.
  const follower = new ServerFollower();
  let timeZone = 'UTC';
  let saved: OverlayLayout | null = null;
  /** The /outputs form's unsaved layout: wins over the saved one in its preview frame. */
  let draft: OverlayLayout | null = null;
  const applyLayout = () => {
    const layout = draft ?? saved;
    if (layout) view.applyLayout(layout, timeZone);
  };
  const handle = (message: OverlayServerMessage) => {
    switch (message.type) {
      case 'overlay_snapshot':
        follower.remember(message.data.servers);
        timeZone = message.data.timeZone;
        saved = message.data.layout;
        applyLayout();
        view.replace(sample ? withSamples(message.data.texts) : message.data.texts);
        break;
      case 'cg_file_updated':
        view.set(message.data.type, message.data.content || (sample ? sampleOf(message.data.type) : ''));
        break;
      case 'overlay_layout':
        saved = message.data;
        applyLayout();
        break;
      case 'overlay_clock':
        // Only the clock: a settings save must not restyle or re-measure the ticker on air.
        timeZone = message.data.timeZone;
        view.setClockZone(timeZone);
        break;
      case 'pong':
        break;
    }
  };
  const channel = new OverlayChannel(key, {
    onMessage: handle,
    onStatus: (connected) => {
      document.documentElement.dataset.connected = String(connected);
      if (connected) follower.serverAnswered();
      else follower.serverLost();
    },
    // Blank means blank (issue 38): texts and the clock, not only the CG texts. A refused key is
    // refused by every server of the store, and this one answered: no reason to move.
    onRefused: () => {
      view.blank();
      follower.serverAnswered();
    },
  });
  channel.connect();
  // /outputs shows unsaved layout changes in its preview frame (same origin only).
  window.addEventListener('message', (event) => {
    const layout = event.origin === location.origin ? previewLayoutFrom(event.data) : null;
    if (!layout) return;
    draft = layout;
    applyLayout();
  });
}
