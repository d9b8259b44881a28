import { describe, it } from 'vitest';
import { loginDevOwner } from '../server/test/factories';
import { DEV_OWNER } from '../server/test/test-server';
import { useApp } from './support/app-fixture';
import { login, shell, visible } from './support/pages';

describe('live channel', () => {
  const app = useApp();

  it('shows Disconnected when the channel drops, reconnects by itself and refetches what it missed', async () => {
    const owner = await loginDevOwner(app.server);
    const page = await app.newPage();
    await login(page, DEV_OWNER.username, DEV_OWNER.password);
    await shell(page).menuLink('News Management').click();
    await visible(page.getByRole('button', { name: 'Create First Article' })); // the lists have loaded
    await visible(shell(page).connection.getByText('Connected', { exact: true }));

    app.server.hub.disconnectAll();
    await visible(shell(page).connection.getByText('Disconnected', { exact: true }));
    // Written while this browser has no live channel: no event can reach it.
    await owner.post('/api/news', { title: 'Filed during the outage', content: 'Missed by the socket' });

    await visible(shell(page).connection.getByText('Connected', { exact: true }));
    await visible(page.getByText('Filed during the outage'));
  });
});
