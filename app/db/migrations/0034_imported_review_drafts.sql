-- Reader imports published a verified reader's reviews with a copy of the text as their draft, so the editor
-- announced "alterações não publicadas" on every one (issue 26, decision 0054). A draft identical to the
-- published review is no change: it goes, as "Publicar" leaves none.
UPDATE reviews SET draft_body = NULL, draft_saved_at = NULL
WHERE published_at IS NOT NULL AND draft_body = body AND draft_spoiler = spoiler AND draft_visibility = visibility;
