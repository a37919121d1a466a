import { List, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { QuestionPart } from '../../../../machines/exam-layout.ts';
import { SafeHtml } from '../../../components/SafeHtml.tsx';
import { t } from '../../../i18n/id.ts';

/** Which part's intro page (the layout's `introPartOf` of indexes 0, 51, 67, 93). */
export type IntroKind = QuestionPart;

const I = t.exam.intro;

function Example({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={6} p="sm" style={{ border: '1px solid var(--mantine-color-gray-4)', borderRadius: 'var(--mantine-radius-sm)' }}>
      <Text fw={700} size="sm">
        {title}
      </Text>
      {children}
    </Stack>
  );
}

/** The directions of one section (original wording and examples, not ETS's). */
export function ExamIntroView({ kind }: { kind: IntroKind }) {
  return (
    <Stack gap="md" className="exam-intro" data-testid={`exam-intro-${kind}`}>
      <Title order={2} size="h3">
        {I[kind].title}
      </Title>
      {I[kind].paragraphs.map((p) => (
        <Text key={p}>{p}</Text>
      ))}
      {kind === 'structure' ? (
        <Example title={I.structure.exampleTitle}>
          <Text>{I.structure.example}</Text>
          <List listStyleType="none" spacing={2}>
            {I.structure.exampleOptions.map((o) => (
              <List.Item key={o}>{o}</List.Item>
            ))}
          </List>
          <Text size="sm" c="dimmed">
            {I.structure.exampleAnswer}
          </Text>
        </Example>
      ) : null}
      {kind === 'written'
        ? I.written.examples.map((ex) => (
            <Example key={ex.title} title={ex.title}>
              <SafeHtml html={ex.html} className="exam-question" />
              <Text size="sm" c="dimmed">
                {ex.answer}
              </Text>
            </Example>
          ))
        : null}
      {kind === 'reading' ? (
        <>
          <Example title={I.reading.sampleTitle}>
            <Text className="exam-passage">{I.reading.sample}</Text>
          </Example>
          {I.reading.examples.map((ex) => (
            <Example key={ex.title} title={ex.title}>
              <Text>{ex.question}</Text>
              <List listStyleType="none" spacing={2}>
                {ex.options.map((o) => (
                  <List.Item key={o}>{o}</List.Item>
                ))}
              </List>
              <Text size="sm" c="dimmed">
                {ex.answer}
              </Text>
            </Example>
          ))}
        </>
      ) : null}
    </Stack>
  );
}
