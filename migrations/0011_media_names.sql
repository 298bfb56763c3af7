-- The original file name of each upload, shown and searched in the media library; '' for assets uploaded before.
ALTER TABLE media ADD COLUMN name TEXT NOT NULL DEFAULT '';
