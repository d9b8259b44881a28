import { Router } from 'express';
import { z } from 'zod';
import { createCompanySchema } from '../../../shared/contracts/companies';
import { isDev } from '../../../shared/roles';
import { actorOf } from '../../lib/auth';
import { forbidden } from '../../lib/errors';
import { parse } from '../../lib/validate';
import type { CompaniesService } from './companies.service';

const listQuerySchema = z.object({ scope: z.enum(['own', 'all']).default('own') });

export function companiesRouter(companies: CompaniesService): Router {
  const router = Router();

  /** The caller's company (the client reads CompanyName); `?scope=all` lists all, for devs. */
  router.get('/', async (req, res) => {
    const actor = actorOf(req);
    const { scope } = parse(listQuerySchema, req.query);
    if (scope === 'own') {
      res.json(await companies.own(actor));
      return;
    }
    if (!isDev(actor)) throw forbidden('Only developer accounts may list all companies');
    res.json(await companies.all());
  });

  router.post('/', async (req, res) => {
    const input = parse(createCompanySchema, req.body);
    res.status(201).json(await companies.create(input));
  });

  return router;
}
