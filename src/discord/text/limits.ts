import type { APIEmbed, APIEmbedField } from 'discord.js';

/** Discord's embed and message limits, each kept a margin inside the published one. */
export const LIMITS = {
  title: 250, // 256
  description: 4_000, // 4096
  fields: 25,
  fieldName: 250, // 256
  fieldValue: 1_000, // 1024
  footer: 2_000, // 2048
  total: 5_800, // 6000 across the embed
  content: 1_900, // 2000
  embeds: 10, // per message
  choices: 25,
  choiceText: 100,
} as const;

/** Text cut to `max` characters, ending with an ellipsis when cut. */
export function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, Math.max(0, max - 1))}…`;
}

function size(embed: APIEmbed): number {
  return (
    (embed.title?.length ?? 0) +
    (embed.description?.length ?? 0) +
    (embed.footer?.text.length ?? 0) +
    (embed.author?.name.length ?? 0) +
    (embed.fields ?? []).reduce((sum, f) => sum + f.name.length + f.value.length, 0)
  );
}

/** An embed within every limit: each part clipped, at most 25 fields, and fields dropped past the total. */
export function fitEmbed(embed: APIEmbed): APIEmbed {
  const fields: APIEmbedField[] = (embed.fields ?? []).slice(0, LIMITS.fields).map((f) => ({
    ...f,
    name: clip(f.name, LIMITS.fieldName) || '\u200b',
    value: clip(f.value, LIMITS.fieldValue) || '-',
  }));
  const fitted: APIEmbed = {
    ...embed,
    ...(embed.title === undefined ? {} : { title: clip(embed.title, LIMITS.title) }),
    ...(embed.description === undefined ? {} : { description: clip(embed.description, LIMITS.description) }),
    ...(embed.footer === undefined
      ? {}
      : { footer: { ...embed.footer, text: clip(embed.footer.text, LIMITS.footer) } }),
    fields,
  };
  while (size(fitted) > LIMITS.total && fields.length > 0) fields.pop();
  if (size(fitted) > LIMITS.total && fitted.description !== undefined) {
    fitted.description = clip(
      fitted.description,
      Math.max(0, fitted.description.length - (size(fitted) - LIMITS.total)),
    );
  }
  return fitted;
}

/**
 * The embeds of one message within Discord's limits, which apply to them together: at most 10, and the
 * 6000 characters shared by all; embeds that would go over are left out, the first ones kept.
 */
export function fitEmbeds(embeds: readonly APIEmbed[]): APIEmbed[] {
  const kept: APIEmbed[] = [];
  let total = 0;
  for (const embed of embeds.slice(0, LIMITS.embeds)) {
    const fitted = fitEmbed(embed);
    if (total + size(fitted) > LIMITS.total) break;
    kept.push(fitted);
    total += size(fitted);
  }
  return kept;
}

/** Message content within the limit. */
export function fitContent(text: string): string {
  return clip(text, LIMITS.content);
}
