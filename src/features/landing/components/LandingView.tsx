import { Badge, Button, Container, Group, List, SimpleGrid, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { t } from '../../../i18n/id.ts';
import { whatsappLink } from '../whatsapp.ts';
// Inlined into the page (about 2 KB compressed): the picture is the first screen's largest
// element, and fetched separately it waited behind the scripts on a slow link.
import heroSvg from '../assets/hero.svg?inline';
import { TestimonialColumns } from './TestimonialColumns.tsx';

export interface LandingViewProps {
  /** The admin's messaging number (`62...`), or null: enrol and chat buttons are then hidden. */
  whatsapp: string | null;
  /** The year in the footer (fixed in stories). */
  year?: number;
}

function Section({ id, title, lead, children, tone }: { id: string; title: string; lead?: string; children: ReactNode; tone?: 'muted' }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="landing-section" data-tone={tone} tabIndex={-1}>
      <Container size="lg">
        <Stack gap="lg">
          <Stack gap={6} maw={720}>
            <Title order={2} id={`${id}-title`}>
              {title}
            </Title>
            {lead ? <Text c="dimmed">{lead}</Text> : null}
          </Stack>
          {children}
        </Stack>
      </Container>
    </section>
  );
}

function WhatsappButton({
  number,
  text,
  children,
  variant = 'filled',
}: {
  number: string;
  text: string;
  children: ReactNode;
  variant?: 'filled' | 'outline';
}) {
  return (
    <Button
      component="a"
      href={whatsappLink(number, text)}
      target="_blank"
      rel="noopener noreferrer"
      size="md"
      color="green"
      variant={variant}
    >
      {children}
      <VisuallyHidden> {t.landing.opensNewTab}</VisuallyHidden>
    </Button>
  );
}

/** Stroke-drawn speech bubble for the floating chat button (no icon package needed). */
function ChatIcon() {
  return (
    <svg width="28" height="28" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M12 3C7 3 3 6.6 3 11c0 2.2 1 4.2 2.7 5.6L5 21l4.3-2.3c.9.2 1.8.3 2.7.3 5 0 9-3.6 9-8s-4-8-9-8z"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <circle cx="8.5" cy="11" r="1.2" fill="currentColor" />
      <circle cx="12" cy="11" r="1.2" fill="currentColor" />
      <circle cx="15.5" cy="11" r="1.2" fill="currentColor" />
    </svg>
  );
}

/** The promotional landing page (spec sections 1 and 2); props only, rendered by stories. */
export function LandingView({ whatsapp, year = new Date().getFullYear() }: LandingViewProps) {
  const L = t.landing;
  return (
    <div className="landing">
      <section id="daftar" aria-labelledby="daftar-title" className="landing-section landing-hero" tabIndex={-1}>
        <Container size="lg">
          <div className="landing-hero__grid">
            <Stack gap="lg" align="flex-start">
              <Badge size="lg" color="green" variant="light">
                {L.freeTrialBadge}
              </Badge>
              <Title order={1} id="daftar-title" className="landing-hero__title">
                {L.title}
              </Title>
              <Text size="lg">{L.lead}</Text>
              <Group gap="sm">
                {whatsapp ? (
                  <WhatsappButton number={whatsapp} text={L.waEnrolText}>
                    {L.enrol}
                  </WhatsappButton>
                ) : null}
                <Button component={Link} to="/paketsoal" size="md" variant={whatsapp ? 'outline' : 'filled'}>
                  {L.startSimulation}
                </Button>
              </Group>
              <Text size="sm" c="dimmed">
                {whatsapp ? L.enrolHint : L.noContact}
              </Text>
            </Stack>
            <img className="landing-illustration" src={heroSvg} width={600} height={480} alt={L.heroAlt} />
          </div>
        </Container>
      </section>

      <Section id="fasilitas" title={L.facilities.title} lead={L.facilities.lead} tone="muted">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
          {L.facilities.items.map((item, i) => (
            <div key={item.title} className="landing-card">
              <span className="landing-card__number" aria-hidden="true">
                {i + 1}
              </span>
              <Title order={3} size="h4">
                {item.title}
              </Title>
              <Text size="sm" c="dimmed">
                {item.text}
              </Text>
            </div>
          ))}
        </SimpleGrid>
        <div className="landing-trial">
          <Stack gap={4}>
            <Title order={3} size="h4">
              {L.facilities.trialTitle}
            </Title>
            <Text size="sm">{L.facilities.trialText}</Text>
          </Stack>
          <Group gap="sm">
            <Button component={Link} to="/paketsoal">
              {L.startSimulation}
            </Button>
            {whatsapp ? (
              <WhatsappButton number={whatsapp} text={L.waEnrolText} variant="outline">
                {L.enrol}
              </WhatsappButton>
            ) : null}
          </Group>
        </div>
      </Section>

      <Section id="profile" title={L.profile.title} lead={L.profile.lead}>
        <div className="landing-split">
          <img
            className="landing-illustration"
            src="/landing/profile.svg"
            width={520}
            height={440}
            alt={L.profile.imageAlt}
            loading="lazy"
            decoding="async"
            sizes="(max-width: 768px) 100vw, 45vw"
          />
          <Stack gap="lg">
            <dl className="landing-stats">
              {L.profile.stats.map((s) => (
                <div key={s.label}>
                  <dt>{s.label}</dt>
                  <dd>{s.value}</dd>
                </div>
              ))}
            </dl>
            <Title order={3} size="h4">
              {L.profile.reasonsTitle}
            </Title>
            <List type="ordered" spacing="xs">
              {L.profile.reasons.map((r) => (
                <List.Item key={r}>{r}</List.Item>
              ))}
            </List>
          </Stack>
        </div>
      </Section>

      <Section id="testimoni" title={L.testimonials.title} lead={L.testimonials.lead} tone="muted">
        <TestimonialColumns />
      </Section>

      <Section id="berlangganan" title={L.channel.title} lead={L.channel.text}>
        <div className="landing-split">
          <Stack gap="md" align="flex-start">
            <List spacing="xs">
              {L.channel.points.map((p) => (
                <List.Item key={p}>{p}</List.Item>
              ))}
            </List>
            <Group gap="sm">
              {whatsapp ? (
                <WhatsappButton number={whatsapp} text={L.waChannelText}>
                  {L.channel.cta}
                </WhatsappButton>
              ) : null}
              <Button component={Link} to="/paketsoal" variant={whatsapp ? 'outline' : 'filled'} size="md">
                {L.startSimulation}
              </Button>
            </Group>
          </Stack>
          <img
            className="landing-illustration"
            src="/landing/channel.svg"
            width={520}
            height={320}
            alt={L.channel.imageAlt}
            loading="lazy"
            decoding="async"
            sizes="(max-width: 768px) 100vw, 45vw"
          />
        </div>
      </Section>

      <footer className="landing-footer">
        <Container size="lg">
          <Text size="sm" c="dimmed">
            {L.footer(year)}
          </Text>
        </Container>
      </footer>

      {whatsapp ? (
        <a
          className="landing-chat"
          href={whatsappLink(whatsapp, L.waChatText)}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`${L.chatButton} ${L.opensNewTab}`}
        >
          <ChatIcon />
        </a>
      ) : null}
    </div>
  );
}
