import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MantineProvider } from '@mantine/core';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { CHAT_UI_MESSAGES as M } from '@nj/contracts/rents/messages';
import type { TChatMessage } from './api.ts';
import { MessageBubble } from './MessageBubble.tsx';

const request: TChatMessage = {
  muid: 'm1', ruid: 'r1', from_cuid: 'owner', to_cuid: 'renter', cat: 'system',
  text: 'Dueño te pide verificar tu identidad con tu INE para continuar con la renta.',
  dynamic_content: { tag: 'identity_request' }, attachment: null, seen: false, seen_at: null,
  client_message_id: null, created_at: '2026-11-26T20:00:00.000Z',
};

/** Renders one bubble on the server, as SSR does. */
function render(mine: boolean): string {
  const bubble = createElement(MessageBubble, { message: request, mine, zone: 'America/Mexico_City' });
  return renderToStaticMarkup(createElement(MantineProvider, null, createElement(MemoryRouter, null, bubble)));
}

describe('an identity request in the chat (spec 03 §7 validate-identity)', () => {
  it('shows its receiver the text and "Verificar mi identidad" to /cuenta#identidad', () => {
    const html = render(false);
    expect(html).toContain(request.text);
    expect(html).toContain(M.verifyIdentity);
    expect(html).toContain('href="/cuenta#identidad"');
  });

  it('shows the requester only the text', () => {
    const html = render(true);
    expect(html).toContain(request.text);
    expect(html).not.toContain(M.verifyIdentity);
  });
});
