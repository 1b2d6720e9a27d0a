//go:build unix

package main

import "syscall"

// private makes every file this process creates from now on mode 0600 (or
// 0700 for folders): claritty serve's database, WAL and host key.
func private() { syscall.Umask(0o077) }
