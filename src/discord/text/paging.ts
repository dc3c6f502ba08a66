import { type APIActionRowComponent, type APIButtonComponent, ButtonStyle, ComponentType } from 'discord.js';

const PAGE_ID = /^page:([a-z-]+):(\d{1,4}):(.*)$/s;

/** One page of a list. */
export interface Slice<T> {
  readonly items: readonly T[];
  /** From 0. */
  readonly page: number;
  readonly pages: number;
  readonly total: number;
}

/** Page `page` of `items`, `size` to a page (a page past the end shows the last one). */
export function slice<T>(items: readonly T[], page: number, size: number): Slice<T> {
  const pages = Math.max(1, Math.ceil(items.length / size));
  const at = Math.min(Math.max(0, page), pages - 1);
  return { items: items.slice(at * size, at * size + size), page: at, pages, total: items.length };
}

/** A page button's custom id: the command, the page and a short argument (the filter), within 100 characters. */
export function pageId(command: string, page: number, arg: string): string {
  return `page:${command}:${page}:${arg}`.slice(0, 100);
}

/** The command, page and argument of a page button, or undefined for any other id. */
export function parsePageId(customId: string): { command: string; page: number; arg: string } | undefined {
  const m = PAGE_ID.exec(customId);
  return m ? { command: m[1] as string, page: Number(m[2]), arg: m[3] as string } : undefined;
}

/** Previous and next buttons around "page x of y"; nothing for a list that fits one page. */
export function pageButtons(
  command: string,
  s: Slice<unknown>,
  arg = '',
): APIActionRowComponent<APIButtonComponent>[] {
  if (s.pages <= 1) return [];
  const button = (label: string, customId: string, disabled: boolean): APIButtonComponent => ({
    type: ComponentType.Button,
    style: ButtonStyle.Secondary,
    label,
    custom_id: customId,
    disabled,
  });
  return [
    {
      type: ComponentType.ActionRow,
      components: [
        button('Previous', pageId(command, Math.max(0, s.page - 1), arg), s.page === 0),
        button(`Page ${s.page + 1} of ${s.pages}`, `info:${command}:${s.page}`, true),
        button('Next', pageId(command, Math.min(s.pages - 1, s.page + 1), arg), s.page >= s.pages - 1),
      ],
    },
  ];
}
