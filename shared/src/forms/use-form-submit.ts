import { type ChangeEvent, type FormEvent, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { sharedApi } from '../api/endpoints';
import { type ErrorTable, errorMessage, fieldErrorMessages, isApiError } from '../api/errors';
import { markSessionEnded } from '../auth/auth';
import { browser } from '../browser';
import { useDelayed } from '../hooks/use-delayed';
import { useDraft } from '../hooks/use-draft';
import { useAppDispatch } from '../store';
import type { Feedback } from '../ui/form-feedback';
import { useSingleFlight } from './use-single-flight';

/*
 * Why our own hook and not react-hook-form + a schema resolver (measured 2026-11-23,
 * esbuild --bundle --minify, React external, gzip -9):
 *   react-hook-form 7.92 (useForm only)            12.8 kB
 *   + @hookform/resolvers/zod + zod/mini 4.6        18.7 kB
 *   this hook + use-single-flight + FormFeedback     1.5 kB  (2.8 kB with errors, drafts, delays)
 * The /login budget allows 3 kB for the whole change. Our forms are small, controlled and
 * validated by ordered rules (spec §5 names the order), which is what `validate` is; what
 * they repeat is the submit around it (draft, single flight, busy, feedback, the delayed
 * redirect), which react-hook-form does not do for us anyway.
 */

/** A catalogue key, with values to interpolate; a validation message may name the field it is about. */
export type Message = string | { key: string; values?: Record<string, unknown>; field?: string };

/** Thrown inside `send` to end the submit with this catalogue key (a check that said no). */
export class FormFailure extends Error {
  constructor(readonly key: string) {
    super(key);
    this.name = 'FormFailure';
  }
}

export interface FormSubmitOptions<V extends Record<string, unknown>, R> {
  /** i18n namespaces of every key below (`common:` keys work with any). */
  ns: string | readonly string[];
  initial: V;
  /** The values survive a reload under `draft:<key>`; fields named *password* never do. */
  draftKey?: string;
  /**
   * Spec §5 in the spec's order: the catalogue key of the first rule that fails, or a message on
   * one field (`tooLong(values, {name: LIMITS.nameMax})`): shown on that field and in the feedback.
   */
  validate?: (values: V) => Message | undefined;
  /** The request(s): `unwrap()` them so a failure throws. `progress(key)` shows an info text meanwhile. */
  send: (values: V, progress: (key: string | null) => void) => Promise<R>;
  /** The endpoint's code → catalogue key table (exported by its api file). */
  errors: ErrorTable;
  success?: Message | ((result: R) => Message);
  /**
   * The spec's delayed step after success (§4, `DELAYS`): run, go to `to` (in place of this page's
   * history entry with `replace`), reload. `ms: 0` = at once.
   */
  after?: { ms: number; run?: () => void; to?: string; replace?: boolean; reload?: boolean };
  /** After success the form stays locked (a redirect or reload follows) unless `again`. */
  again?: boolean;
  /** Success keeps the values on screen (the draft is cleared all the same). */
  keepValues?: boolean;
  /** The feedback disappears after this many ms (spec: the resend message). */
  clearFeedbackAfter?: number;
}

/**
 * The one way to submit a form: validation, draft, single flight, busy state, translated
 * feedback and the delayed redirect/reload. See "Forms and errors" in shared/README.md.
 */
export function useFormSubmit<V extends Record<string, unknown>, R = unknown>(options: FormSubmitOptions<V, R>) {
  const { t } = useTranslation(options.ns as string | string[]);
  const draft = useDraft<V>(options.draftKey ?? null, options.initial);
  const { busy, run } = useSingleFlight();
  const schedule = useDelayed();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const signedIn = !!sharedApi.endpoints.getUser.useQueryState(undefined).data;
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const [done, setDone] = useState(false);
  /** Translated messages on fields: a validation message naming one, or a 422 naming some. */
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const latest = useRef(options);
  latest.current = options;

  const say = useCallback(
    (kind: Feedback['kind'], message: Message) => {
      const { key, values } = typeof message === 'string' ? { key: message, values: undefined } : message;
      setFeedback({ kind, text: t(key, values) });
      const clearAfter = latest.current.clearFeedbackAfter;
      if (clearAfter !== undefined) schedule(() => setFeedback(null), clearAfter);
    },
    [t, schedule],
  );

  const fail = useCallback((key: string) => say('error', key), [say]);

  const finish = useCallback(
    (result: R) => {
      const { success, after, again, keepValues } = latest.current;
      if (keepValues) draft.clearDraft();
      else draft.reset();
      if (!again) setDone(true);
      if (success) say('success', typeof success === 'function' ? success(result) : success);
      else setFeedback(null);
      if (!after) return;
      const step = () => {
        after.run?.();
        if (after.to) navigate(after.to, { replace: after.replace });
        if (after.reload) browser.reload();
      };
      if (after.ms === 0) step();
      else schedule(step, after.ms);
    },
    [draft, say, navigate, schedule],
  );

  /** Submits these values (default: the form's); ignored while one runs or after a locking success. */
  const submit = useCallback(
    (values: V = draft.values) => {
      if (done) return Promise.resolve();
      const { validate, send, errors } = latest.current;
      const invalid = validate?.(values);
      if (invalid) {
        const onField = typeof invalid === 'object' && invalid.field;
        setFieldErrors(onField ? { [onField]: t(invalid.key, invalid.values) } : {});
        say('error', invalid);
        return Promise.resolve();
      }
      return run(async () => {
        setFeedback(null);
        setFieldErrors({});
        let result: R;
        try {
          result = await send(values, (key) => setFeedback(key ? { kind: 'info', text: t(key) } : null));
        } catch (error) {
          if (error instanceof FormFailure) return say('error', error.key);
          // The session ended elsewhere (logout in another tab, expiry): the draft stays (stored
          // again: a logout in another tab clears drafts; it is still this user's key), and the
          // guard takes the user to the login page, which says so and comes back here after login.
          if (signedIn && isApiError(error) && error.status === 401) {
            draft.keepDraft(values);
            say('error', 'common:errors.sessionEnded');
            await dispatch(markSessionEnded());
            return;
          }
          // An API refusal is handled (the user reads why); only a programming error is worth a console line.
          if (!isApiError(error)) console.error('Submitting failed', error);
          const onFields = Object.entries(fieldErrorMessages(error, errors, Object.keys(values)));
          setFieldErrors(Object.fromEntries(onFields.map(([name, m]) => [name, t(m.key, m.values)])));
          return say('error', errorMessage(error, errors));
        }
        finish(result);
      });
    },
    [done, draft, run, say, t, finish, signedIn, dispatch],
  );

  const onSubmit = useCallback(
    (event?: FormEvent) => {
      event?.preventDefault();
      void submit();
    },
    [submit],
  );

  const { values, setField: setDraftField } = draft;
  /** Sets one value; that field's error goes (the user is fixing it). */
  const setField = useCallback(
    <K extends keyof V>(name: K, value: V[K]) => {
      setDraftField(name, value);
      setFieldErrors((current) => {
        if (!(name in current)) return current;
        const { [name as string]: _fixed, ...rest } = current;
        return rest;
      });
    },
    [setDraftField],
  );
  /** A controlled text or select field's props, its error included: `<TextField {...form.field('email')} />`. */
  const field = <K extends keyof V & string>(name: K) => ({
    name,
    value: String(values[name] ?? ''),
    error: fieldErrors[name],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => setField(name, event.target.value as V[K]),
  });

  return {
    field,
    /** Translated messages on fields (what `field(name)` passes as `error`). */
    fieldErrors,
    values: draft.values,
    setField,
    setValues: draft.setValues,
    clearDraft: draft.clearDraft,
    /** A request runs. */
    busy,
    /** Succeeded; the form stays locked until the redirect or reload (unless `again`). */
    done,
    feedback,
    /** Shows an error by key without sending (a check outside `validate`). */
    fail,
    submit,
    onSubmit,
  };
}

/** What useFormSubmit returns, for components that render a form another component owns. */
export type FormSubmit<V extends Record<string, unknown>> = ReturnType<typeof useFormSubmit<V>>;
