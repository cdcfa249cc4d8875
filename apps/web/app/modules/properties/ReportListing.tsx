import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { DETAIL_MESSAGES as D, REPORT_REASON_LABELS, REPORT_REASONS, type ReportReason } from '@nj/contracts/property-detail/messages';
import type { TReportListingInput, TReportResult } from '@nj/contracts/property-detail/schemas';
import { api } from '../api/client.ts';
import { errorMessage } from '../accounts/api.ts';
import { toast } from '../toast/toast.ts';

/** POST /api/v1/properties/{puid}/report (issue 9 §4). Throws ApiError with the server's Spanish msg. */
export const postReport = (puid: string, body: TReportListingInput) =>
  api<TReportResult>('POST', `/v1/properties/${encodeURIComponent(puid)}/report`, { body });

/**
 * The server's schema (ZReportListingBody), loaded when the form opens rather than with the page, so Zod is not among
 * the scripts a phone fetches before the first paint (issue 9 §8).
 */
const loadReportSchema = () => import('@nj/contracts/property-detail/schemas').then((m) => m.ZReportListingBody);

const REASON_OPTIONS = REPORT_REASONS.map((value) => ({ value, label: REPORT_REASON_LABELS[value] }));

/**
 * 'Reportar anuncio' (issue 9 §4): a small button opening a form — the reason from a fixed list and optional details
 * — checked with the server's schema and sent for the support team; the form is replaced by a thank-you once sent.
 * Server errors (a 429 saying when to retry) show in the form.
 */
export function ReportListing({ puid }: { puid: string }) {
  const [opened, setOpened] = useState(false);
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState('');
  const [errors, setErrors] = useState<{ reason?: string; details?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<string | null>(null);

  const close = () => {
    setOpened(false);
    setErrors({});
    setFailure(null);
  };
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setFailure(null);
    let parsed;
    try {
      parsed = (await loadReportSchema()).safeParse({ reason, details });
    } catch (error) {
      setBusy(false);
      setFailure(errorMessage(error, D.reportFailed));
      return;
    }
    if (!parsed.success) {
      setBusy(false);
      const found: { reason?: string; details?: string } = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0];
        if (key === 'reason' || key === 'details') found[key] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    try {
      await postReport(puid, { reason: parsed.data.reason, details: parsed.data.details });
      setSent(D.reportSent);
      toast('success', D.reportSent);
    } catch (error) {
      setFailure(errorMessage(error, D.reportFailed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button variant="default" size="compact-sm" onClick={() => { setOpened(true); void loadReportSchema().catch(() => undefined); }} aria-haspopup="dialog"
        data-testid="report-open">
        {D.reportButton}
      </Button>
      <Modal opened={opened} onClose={close} title={D.reportTitle} closeButtonProps={{ 'aria-label': D.reportClose }} centered>
        {sent ? (
          <Stack gap="sm">
            <Alert color="teal" role="status">{sent}</Alert>
            <Group justify="flex-end"><Button onClick={close}>{D.reportClose}</Button></Group>
          </Stack>
        ) : (
          <form onSubmit={(e) => void onSubmit(e)} noValidate>
            <Stack gap="sm">
              <Text size="sm" c="dimmed">{D.reportIntro}</Text>
              <Select
                label={D.reportReason}
                placeholder={D.reportReasonPlaceholder}
                data={REASON_OPTIONS}
                value={reason}
                onChange={(v) => { setReason(v as ReportReason | null); setErrors((x) => ({ ...x, reason: undefined })); }}
                error={errors.reason}
                required
                data-autofocus
                comboboxProps={{ withinPortal: false }}
                allowDeselect={false}
              />
              <Textarea label={D.reportDetails} value={details} autosize minRows={3} maxRows={6} maxLength={1000}
                onChange={(e) => { setDetails(e.currentTarget.value); setErrors((x) => ({ ...x, details: undefined })); }}
                error={errors.details} />
              {failure ? <Alert color="red" role="alert">{failure}</Alert> : null}
              <Group justify="flex-end" gap="xs">
                <Button variant="default" onClick={close}>{D.reportCancel}</Button>
                <Button type="submit" loading={busy}>{D.reportSubmit}</Button>
              </Group>
            </Stack>
          </form>
        )}
      </Modal>
    </>
  );
}
