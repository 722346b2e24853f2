"""Tweens and easing: animations are pure functions of elapsed time, ticked by the scene."""
