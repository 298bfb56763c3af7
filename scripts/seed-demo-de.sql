-- German translations of the demo's home and about pages (the site declares en and de: src/site/site-languages.ts),
-- each published from a first version made from its English source's: `/de/` and `/de/ueber-uns`.
-- Run after seed-demo.sql. Idempotent without fixed ids: a source has at most one translation per
-- locale (the pages_source_locale index), and only a translation not yet published gets its version.
INSERT OR IGNORE INTO pages (slug, title, body, sections, locale, source_id) VALUES
  ('home', 'Willkommen auf der Demo-Seite',
   '<p>Diese Seite wird <strong>direkt hier</strong> bearbeitet. Melden Sie sich als Redakteur an und klicken Sie auf einen umrandeten Text, um ihn zu ändern.</p>',
   '[{"type":"hero","heading":"Bearbeiten Sie Ihre Seite dort, wo sie lebt","text":"Mehrere Redakteure können gleichzeitig an einer Seite arbeiten."},{"type":"features","heading":"Was Sie bekommen","items":[{"title":"Direkt bearbeiten","text":"Klicken, tippen, und es speichert sich selbst."},{"title":"Entwürfe","text":"Nichts geht online, bevor Sie veröffentlichen."},{"title":"Gemeinsam live","text":"Sehen Sie, wer sonst gerade bearbeitet."}]},{"type":"cta","label":"Zu den Kursen","href":"/courses/pottery-basics","style":"primary"}]',
   'de', 1),
  ('ueber-uns', 'Über uns',
   '<p>Wir sind ein kleines Team, das schnelle Websites mag.</p>',
   '[]',
   'de', 2);

INSERT INTO pages_versions (parent_id, status, version_data, source_version_id)
  SELECT p.id, 'published', json_object('slug', p.slug, 'title', p.title, 'body', p.body, 'sections', json(p.sections)), s.published_version_id
  FROM pages p JOIN pages s ON s.id = p.source_id
  WHERE p.locale = 'de' AND p.source_id IN (1, 2) AND p.published_version_id IS NULL
    AND NOT EXISTS (SELECT 1 FROM pages_versions v WHERE v.parent_id = p.id);

UPDATE pages SET published_version_id = (SELECT max(v.id) FROM pages_versions v WHERE v.parent_id = pages.id)
  WHERE locale = 'de' AND source_id IN (1, 2) AND published_version_id IS NULL
    AND EXISTS (SELECT 1 FROM pages_versions v WHERE v.parent_id = pages.id AND v.status = 'published');
