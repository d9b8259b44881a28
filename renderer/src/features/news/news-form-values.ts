import type { z } from 'zod';
import { NEWS_DEFAULT_CATEGORY } from '@shared/constants';
import { createNewsSchema, type CreateNewsInput, type News, type NewsPriority } from '@shared/contracts/news';

export interface NewsFormValues {
  title: string;
  subtitle: string;
  content: string;
  category: string;
  priority: NewsPriority;
}

export type NewsFieldErrors = Partial<Record<keyof NewsFormValues, string>>;

export type ParsedNewsForm = { ok: true; body: CreateNewsInput } | { ok: false; errors: NewsFieldErrors };

export function emptyNewsForm(): NewsFormValues {
  return { title: '', subtitle: '', content: '', category: NEWS_DEFAULT_CATEGORY, priority: 'normal' };
}

export function newsFormFrom(article: News): NewsFormValues {
  return {
    title: article.title,
    subtitle: article.subtitle ?? '',
    content: article.content,
    category: article.category,
    priority: article.priority,
  };
}

function fieldErrors(error: z.ZodError): NewsFieldErrors {
  const errors: NewsFieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '') as keyof NewsFormValues;
    errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * Checked with the server's own schema so the form refuses exactly what the server would. The
 * same full body serves create and edit: an emptied subtitle is sent as null so it is cleared.
 */
export function toNewsBody(values: NewsFormValues): ParsedNewsForm {
  const body: CreateNewsInput = {
    title: values.title.trim(),
    subtitle: values.subtitle.trim() || null,
    content: values.content.trim(),
    category: values.category.trim() || NEWS_DEFAULT_CATEGORY,
    priority: values.priority,
  };
  const result = createNewsSchema.safeParse(body);
  return result.success ? { ok: true, body } : { ok: false, errors: fieldErrors(result.error) };
}
