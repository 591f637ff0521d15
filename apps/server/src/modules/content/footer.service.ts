import type { Footer } from '@sira/shared';
import { asc, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { footerLinks, footerSections } from '../../db/schema';
import { readSetting } from '../../lib/settings';

interface FooterSettings {
  show_contact: boolean;
  show_social: boolean;
  show_email: boolean;
  show_phone: boolean;
}
type SocialMedia = Partial<Record<'facebook' | 'twitter' | 'instagram' | 'linkedin', string>>;

const SOCIAL_NETWORKS = ['facebook', 'twitter', 'instagram', 'linkedin'] as const;
const ALL_SHOWN: FooterSettings = { show_contact: true, show_social: true, show_email: true, show_phone: true };

/** The public footer: sections with their links in order, and contact/social details as footer_settings allow. */
export async function getFooter(db: Database): Promise<Footer> {
  const [flags, contact, social, description, sections] = await Promise.all([
    readSetting<Partial<FooterSettings>>(db, 'footer_settings'),
    readSetting<{ email?: string; phone?: string }>(db, 'contact_info'),
    readSetting<SocialMedia>(db, 'social_media'),
    readSetting<{ text?: string }>(db, 'footer_description'),
    db.select().from(footerSections).orderBy(asc(footerSections.order), asc(footerSections.title)),
  ]);
  const show = { ...ALL_SHOWN, ...flags };
  const links = sections.length
    ? await db
        .select()
        .from(footerLinks)
        .where(
          inArray(
            footerLinks.sectionId,
            sections.map((s) => s.id),
          ),
        )
        .orderBy(asc(footerLinks.order), asc(footerLinks.title))
    : [];

  return {
    description: description?.text ?? '',
    contact: {
      email: show.show_contact && show.show_email ? contact?.email || null : null,
      phone: show.show_contact && show.show_phone ? contact?.phone || null : null,
    },
    social: show.show_social
      ? SOCIAL_NETWORKS.flatMap((network) => (social?.[network] ? [{ network, url: social[network] as string }] : []))
      : [],
    sections: sections.map((s) => ({
      id: s.id,
      title: s.title,
      order: s.order,
      links: links.filter((l) => l.sectionId === s.id).map((l) => ({ id: l.id, title: l.title, url: l.url, icon: l.icon, order: l.order })),
    })),
  };
}
