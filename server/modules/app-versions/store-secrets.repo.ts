import { eq } from 'drizzle-orm';
import { first } from '../../db/dialect';
import { Repo } from '../../db/store';

/** SQL for the secrets every server of a store signs with (store_secrets, issue 43). */
export class StoreSecretsRepo extends Repo {
  /**
   * The secret stored under `name`, storing `fresh` first if there is none: two servers asking at
   * once both get the one that was stored first.
   */
  async getOrCreate(name: string, fresh: string): Promise<string> {
    const { storeSecrets } = this.t;
    await this.db.insert(storeSecrets).values({ name, value: fresh }).onConflictDoNothing();
    const row = first(
      await this.db.select({ value: storeSecrets.value }).from(storeSecrets).where(eq(storeSecrets.name, name)),
    );
    return row?.value ?? fresh;
  }
}
