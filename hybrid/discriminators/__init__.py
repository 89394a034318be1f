"""Hybrid-RecallM's discriminators: pick one reader's candidate answer."""
