import { userEvent, within } from 'storybook/test';
import { skillById } from '../../contract/skills.ts';
import { t } from '../../src/i18n/id.ts';

/** Picks a question's skill in the admin SkillSelect by its id (the option shows number, part and name). */
export async function chooseSkill(el: HTMLElement, id: string) {
  const skill = skillById(id);
  if (!skill) throw new Error(`unknown skill ${id}`);
  await userEvent.click(within(el).getByRole('combobox', { name: t.admin.soal.skill }));
  const label = `${skill.no}. ${skill.part ? `Part ${skill.part} · ` : ''}${skill.name}`;
  await userEvent.click(await within(el.ownerDocument.body).findByRole('option', { name: label }));
}
