import { Badge, Tooltip } from '@mantine/core';
import { t } from '../i18n/id.ts';

/** Marks an attempt at a package the learner had already finished: its score may reflect remembered answers. */
export function RetakeBadge() {
  return (
    <Tooltip label={t.results.retakeHint} multiline w={240} events={{ hover: true, focus: true, touch: true }}>
      <Badge
        color="orange.9"
        variant="outline"
        size="sm"
        tt="none"
        style={{ flexShrink: 0 }}
        tabIndex={0}
        data-testid="retake-badge"
        title={t.results.retakeHint}
      >
        {t.results.retake}
      </Badge>
    </Tooltip>
  );
}
