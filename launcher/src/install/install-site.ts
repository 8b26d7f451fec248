import { type InitBaseInfoReq, type Language, Role, resolveLanguage, STARTER_CONTENT } from '@agora/contracts';
import type { ComposedServices } from '@agora/gateway';
import { accountsFor } from '@agora/identity';
import { loadSiteSettings, toActor } from '@agora/platform';
import { postsFor } from '@agora/posts';
import { updateSettingsGroup } from '@agora/site';

/**
 * What an install writes into freshly migrated services, through their own commands: the site's name,
 * address, contact, language and login rule; the admin account; and the starter tag with two help
 * questions and their answers, in the chosen language.
 */
export async function installSite(agora: ComposedServices, input: InitBaseInfoReq): Promise<void> {
  const language: Language = resolveLanguage(input.lang);
  const site = agora.service('site');
  const admin = await accountsFor(agora.service('identity')).register({
    email: input.email,
    displayName: input.name,
    username: input.name,
    password: input.password,
    roleId: Role.admin,
    activated: true,
    language,
    createdBy: 'installer',
    actorId: null,
  });

  const current = await loadSiteSettings(site.context.database.db, input.site_url);
  const groups = [
    {
      group: 'general' as const,
      values: {
        ...current.general,
        name: input.site_name,
        site_url: input.site_url,
        contact_email: input.contact_email,
      },
    },
    { group: 'interface' as const, values: { ...current.interface, language } },
    {
      group: 'security' as const,
      values: {
        ...current.security,
        login_required: input.login_required ?? false,
        external_content_display: input.external_content_display,
      },
    },
  ];
  for (const command of groups) await updateSettingsGroup(site.context, command, admin.user_id);

  const { questions, answers } = postsFor(agora.service('posts'));
  const actor = toActor(admin);
  const starter = STARTER_CONTENT[language];
  for (const question of starter.questions) {
    const questionId = await questions.ask(actor, {
      title: question.title,
      content: question.content,
      tags: [starter.tag],
    });
    await answers.post(actor, { question_id: questionId, content: question.answer });
  }
}
