import { useEffect, useState } from 'react';
import { Button, Group } from '@mantine/core';
import { CONTACT_MESSAGES as C } from '@nj/contracts/contact/messages';
import { toast } from '../toast/toast.ts';
import { postShare, type ShareChannel } from '../stats/api.ts';
import { ChatIcon, LinkIcon, ShareIcon } from '../my-properties/icons.tsx';

/** The WhatsApp link that opens a chat with the text and the address filled in (https://wa.me/?text=). */
export function whatsappHref(text: string, url: string): string {
  return `https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}`;
}

/** Copies text to the clipboard; falls back to a hidden textarea where the Clipboard API is missing. */
async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    /* fall back below */
  }
  try {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    const ok = document.execCommand('copy');
    area.remove();
    return ok;
  } catch {
    return false;
  }
}

/** Counts one share; failures are silent (sharing already happened). */
const count = (puid: string, channel: ShareChannel) => void postShare(puid, channel).catch(() => undefined);

/**
 * Sharing a listing (issue 4): the system share sheet (Web Share API) where the browser has one, copying the link,
 * and a WhatsApp link; each completed share is counted with POST /api/v1/properties/{puid}/share. A cancelled share
 * sheet is not counted. The Web Share button appears only after hydration, where `navigator.share` exists.
 */
export function ShareButtons({ puid, slug, title }: { puid: string; slug: string; title: string }) {
  const [canShare, setCanShare] = useState(false);
  const [url, setUrl] = useState(`/propiedades/${slug}`);
  useEffect(() => {
    setCanShare(typeof navigator !== 'undefined' && typeof navigator.share === 'function');
    setUrl(`${window.location.origin}/propiedades/${slug}`);
  }, [slug]);
  const text = C.shareText(title);

  const onWebShare = async () => {
    try {
      await navigator.share({ title, text, url });
      count(puid, 'web_share');
    } catch {
      /* cancelled or refused: nothing shared */
    }
  };
  const onCopy = async () => {
    if (await copyText(url)) {
      toast('success', C.copied);
      count(puid, 'copy_link');
    } else {
      toast('danger', C.copyFailed);
    }
  };

  return (
    <Group gap="xs" mt="md" role="group" aria-label={C.shareTitle} className="nj-share">
      {canShare ? (
        <Button variant="default" size="xs" leftSection={<ShareIcon size={14} />} onClick={() => void onWebShare()}>{C.share}</Button>
      ) : null}
      <Button variant="default" size="xs" leftSection={<LinkIcon size={14} />} onClick={() => void onCopy()}>{C.copyLink}</Button>
      <Button
        component="a"
        href={whatsappHref(text, url)}
        target="_blank"
        rel="noopener"
        variant="default"
        size="xs"
        leftSection={<ChatIcon size={14} />}
        aria-label={C.whatsappLabel}
        onClick={() => count(puid, 'whatsapp')}
      >
        {C.whatsapp}
      </Button>
    </Group>
  );
}
