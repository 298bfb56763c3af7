-- Demo content for `npm run dev`: a home page and an about page, each published from a first version.
-- Idempotent: fixed ids and INSERT OR IGNORE, so re-running changes nothing.
INSERT OR IGNORE INTO pages (id, slug, title, body, sections, published_version_id) VALUES
  (1, 'home', 'Welcome to the demo site',
   '<p>This page is edited <strong>in place</strong>. Sign in as an editor and click any outlined text to change it.</p>',
   '[{"type":"hero","heading":"Edit your site where it lives","text":"Several editors can work on one page at the same time."},{"type":"features","heading":"What you get","items":[{"title":"Inline editing","text":"Click, type, and it saves itself."},{"title":"Drafts","text":"Nothing goes live until you publish."},{"title":"Live together","text":"See who else is editing."}]},{"type":"quote","text":"We changed the whole front page during the meeting, together.","author":"A happy editor"},{"type":"cta","label":"See the courses","href":"/courses/pottery-basics","style":"primary"}]',
   1),
  (2, 'about', 'About us',
   '<p>We are a small team that likes fast websites.</p><h2>How we work</h2><ul><li>Write</li><li>Review</li><li>Publish</li></ul>',
   '[]',
   2);

INSERT OR IGNORE INTO pages_versions (id, parent_id, status, version_data) VALUES
  (1, 1, 'published', (SELECT json_object('slug', slug, 'title', title, 'body', body, 'sections', json(sections)) FROM pages WHERE id = 1)),
  (2, 2, 'published', (SELECT json_object('slug', slug, 'title', title, 'body', body, 'sections', json(sections)) FROM pages WHERE id = 2));

-- One course, published, with a value in each typed field (src/site/courses.ts; served at /courses/pottery-basics).
INSERT OR IGNORE INTO courses (id, slug, title, day, starts_at, price, seats, free, level, link, published_version_id) VALUES
  (1, 'pottery-basics', 'Pottery basics', '2026-12-03', '2026-12-03T18:30:00.000Z', 12.5, 12, 0, 'beginner', 'https://example.com/pottery', 1);

INSERT OR IGNORE INTO courses_versions (id, parent_id, status, version_data) VALUES
  (1, 1, 'published', (SELECT json_object('slug', slug, 'title', title, 'day', day, 'startsAt', starts_at, 'price', price, 'seats', seats, 'free', json(CASE WHEN free THEN 'true' ELSE 'false' END), 'level', level, 'link', link, 'image', json(COALESCE(image, 'null'))) FROM courses WHERE id = 1));
