-- The popular tags bound what a member's kept counts can add to any one tag by the member's largest count
-- (decision 042, addendum): the first entry of their range in this index, one seek per member.
CREATE INDEX `owner_tag_counts_top` ON `owner_tag_counts` (`user_id`,"connections" desc);