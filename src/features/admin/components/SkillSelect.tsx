import { Select } from '@mantine/core';
import { skillById, skillsOfSection } from '../../../../contract/skills.ts';
import type { SoalSection } from '../../../../contract/soal.ts';
import { t } from '../../../i18n/id.ts';

export interface SkillSelectProps {
  section: SoalSection;
  value: string;
  onChange: (skill: string) => void;
  error?: string;
}

/** The skill of a question: only the skills of its section, the chosen one's description below. */
export function SkillSelect({ section, value, onChange, error }: SkillSelectProps) {
  const data = skillsOfSection(section).map((s) => ({
    value: s.id,
    label: `${s.no}. ${s.part ? `Part ${s.part} · ` : ''}${s.name}`,
  }));
  return (
    <Select
      label={t.admin.soal.skill}
      placeholder={t.admin.soal.skillPlaceholder}
      description={skillById(value)?.description}
      data={data}
      value={value === '' ? null : value}
      onChange={(v) => onChange(v ?? '')}
      searchable
      allowDeselect={false}
      withAsterisk
      error={error}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
