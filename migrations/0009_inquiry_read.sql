-- Inquiries an editor has read (the edit bar's Inquiries panel marks them); NULL while unread.
ALTER TABLE inquiries ADD COLUMN read_at TEXT;
