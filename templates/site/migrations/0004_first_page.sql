-- The first page, shown at / once it is published: sign in at /login, edit it in place, publish.
INSERT INTO pages (title, body) VALUES ('Welcome', '<p>Sign in, click this text and type. Publish when it reads well.</p>');
