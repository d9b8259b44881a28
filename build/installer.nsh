; Included by electron-builder's NSIS script (electron-builder.yml nsis.include).
; The server inside CG Bridge listens on the LAN (port 3000 unless changed in Settings) for the
; newsroom's browsers and phones. Windows Firewall blocks inbound connections to a new program and
; would ask the operator on first start, as a non-admin, on an air PC: the per-machine installer
; (already elevated) adds the rule instead. It is scoped to this program rather than one port, so
; a port changed later in Settings keeps working; Private and Domain networks only, never Public.

!macro customInstall
  nsExec::ExecToLog 'netsh advfirewall firewall delete rule name="CG Bridge server"'
  nsExec::ExecToLog 'netsh advfirewall firewall add rule name="CG Bridge server" dir=in action=allow protocol=TCP program="$INSTDIR\${APP_EXECUTABLE_FILENAME}" profile=private,domain enable=yes'
!macroend

!macro customUnInstall
  nsExec::ExecToLog 'netsh advfirewall firewall delete rule name="CG Bridge server"'
!macroend
