import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Button, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { CONTACT_MESSAGES as C } from '@nj/contracts/contact/messages';
import { LEADS_MESSAGES as L } from '@nj/contracts/stats/messages';
import { ApiError } from '../api/client.ts';
import { errorMessage } from '../accounts/api.ts';
import { useOptionalSession } from '../accounts/session.tsx';
import { toast } from '../toast/toast.ts';
import { postLeadContact } from '../stats/api.ts';

type Field = 'name' | 'phone' | 'email' | 'message';
type Values = Record<Field, string>;
const FIELDS: readonly Field[] = ['name', 'phone', 'email', 'message'];

/**
 * The server's schema (ZLeadContact), loaded when the form is first focused or sent rather than with the page, so Zod
 * is not among the scripts a phone fetches before the first paint (issue 9 §8).
 */
const loadLeadSchema = () => import('@nj/contracts/stats/schemas').then((m) => m.ZLeadContact);

/**
 * Checks the form with the server's schema (ZLeadContact) and resolves to one Spanish message per bad field; empty
 * when the form may be sent.
 */
export async function contactFieldErrors(puid: string, values: Values): Promise<Partial<Record<Field, string>>> {
  const parsed = (await loadLeadSchema()).safeParse({ puid, ...values });
  const errors: Partial<Record<Field, string>> = {};
  if (parsed.success) return errors;
  for (const issue of parsed.error.issues) {
    const key = issue.path[0];
    if (typeof key === 'string' && (FIELDS as readonly string[]).includes(key)) errors[key as Field] ??= issue.message;
  }
  return errors;
}

/**
 * The contact form of a listing's detail page (issue 4 "Contact"): name, phone, e-mail and message, checked with the
 * same schema as the server and sent with POST /api/v1/leads/contact (counted as an inquiry and a lead and e-mailed
 * to the owner). A signed-in client's name, e-mail and phone are filled in. Field errors from the server show under
 * the fields; other failures are a danger toast. After sending, a confirmation replaces the form.
 */
export function ContactForm({ puid, code }: { puid: string; code: string }) {
  const session = useOptionalSession();
  const client = session?.registered ? session.client : null;
  const [values, setValues] = useState<Values>({ name: '', phone: '', email: '', message: C.defaultMessage(code) });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<string | null>(null);

  useEffect(() => {
    if (!client) return;
    setValues((v) => ({
      ...v,
      name: v.name || client.nickname || '',
      email: v.email || client.email || '',
      phone: v.phone || client.phone_number || '',
    }));
  }, [client]);

  const set = (field: Field) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      const found = await contactFieldErrors(puid, values);
      setErrors(found);
      if (Object.keys(found).length) return;
      const result = await postLeadContact({ puid, ...values });
      const msg = result?.emailed === false ? L.sentNoOwner : L.sent;
      setSent(msg);
      toast('success', msg);
    } catch (error) {
      const fields = error instanceof ApiError ? (error.data as { fields?: Record<string, string> } | null)?.fields : undefined;
      const fieldErrors = Object.fromEntries(Object.entries(fields ?? {}).filter(([k]) => (FIELDS as readonly string[]).includes(k)));
      if (Object.keys(fieldErrors).length) setErrors(fieldErrors);
      else toast('danger', errorMessage(error, C.sendFailed));
    } finally {
      setBusy(false);
    }
  };

  if (sent) {
    return (
      <section className="nj-contact" aria-labelledby="contact-title">
        <Title order={2} fz="lg" id="contact-title">{C.sentTitle}</Title>
        <Alert color="teal" mt="sm" role="status">{sent}</Alert>
        <Button variant="subtle" mt="xs" px={0} onClick={() => { setSent(null); setValues((v) => ({ ...v, message: C.defaultMessage(code) })); }}>
          {C.sendAnother}
        </Button>
      </section>
    );
  }

  return (
    <section className="nj-contact" aria-labelledby="contact-title">
      <Title order={2} fz="lg" id="contact-title">{C.title}</Title>
      <form onSubmit={(e) => void onSubmit(e)} onFocus={() => void loadLeadSchema().catch(() => undefined)} noValidate>
        <Stack gap="xs" mt="sm">
          <TextInput label={C.name} name="name" autoComplete="name" required maxLength={80}
            value={values.name} onChange={(e) => set('name')(e.currentTarget.value)} error={errors.name} />
          <TextInput label={C.phone} name="phone" type="tel" inputMode="tel" autoComplete="tel" required maxLength={30}
            placeholder={C.phoneHint} value={values.phone} onChange={(e) => set('phone')(e.currentTarget.value)} error={errors.phone} />
          <TextInput label={C.email} name="email" type="email" autoComplete="email" required maxLength={254}
            value={values.email} onChange={(e) => set('email')(e.currentTarget.value)} error={errors.email} />
          <Textarea label={C.message} name="message" required autosize minRows={3} maxRows={8} maxLength={2000}
            value={values.message} onChange={(e) => set('message')(e.currentTarget.value)} error={errors.message} />
          <Button type="submit" loading={busy} fullWidth>{C.submit}</Button>
          <Text size="xs" c="dimmed">{C.privacy}</Text>
        </Stack>
      </form>
    </section>
  );
}
